/**
 * The server's own middleware, in the order server.ts mounts them: request log, security headers, the
 * bad-input guard, precompressed files, and the last-resort error handler.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { log } from '../app/lib/log.ts';

/** The longest URL (path and query) served; longer ones get 414. Real pages use a fraction of it. */
export const MAX_URL_LENGTH = 2048;

const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

// A host name or IPv4/IPv6 address with an optional port: anything else cannot form a valid URL.
const VALID_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Points a request at the .br or .gz copy of a built file when one exists and the client accepts it. */
export function precompressed(dir: string): RequestHandler {
  const available = new Set<string>();
  const scan = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) scan(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (/\.(br|gz)$/.test(entry.name)) available.add(prefix + entry.name);
    }
  };
  scan(dir, '/');
  return (req, res, next) => {
    if (available.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const variants = ['br', 'gzip'].filter((encoding) => available.has(`${req.path}.${encoding === 'br' ? 'br' : 'gz'}`));
    if (variants.length === 0) return next();
    res.vary('Accept-Encoding');
    const chosen = req.acceptsEncodings(...variants);
    if (chosen) req.url = req.url.replace(req.path, `${req.path}.${chosen === 'br' ? 'br' : 'gz'}`);
    next();
  };
}

export const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint();
  const incoming = req.get('x-request-id');
  const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  // React Router sees the same id, so errors logged while rendering carry it.
  req.headers['x-request-id'] = id;
  res.on('finish', () => {
    const status = res.statusCode;
    const fields = {
      requestId: id,
      method: req.method,
      path: req.originalUrl.slice(0, 512),
      status,
      durationMs: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
    };
    // Health checks come every few seconds, and a 503 from /readyz (warming up, draining) is expected.
    if (req.path === '/healthz' || req.path === '/readyz') log.debug('request', fields);
    else if (status >= 500) log.error('request', fields);
    else log.info('request', fields);
  });
  next();
};

/** The policy for everything that is not an HTML page: it may load and run nothing. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function securityHeaders({ mode, hstsMaxAge }: { mode: 'production' | 'development'; hstsMaxAge: number | undefined }): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader(
      'Permissions-Policy',
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
    );
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (hstsMaxAge) res.setHeader('Strict-Transport-Security', `max-age=${hstsMaxAge}; includeSubDomains`);
    // Pages set their own nonce policy in entry.server; any response still without one gets the strictest.
    // Vite's development pages inject inline code, so development responses go without.
    if (mode === 'production') {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        // A 304 carries no policy: the browser keeps the one stored with its copy of the page.
        const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
        if (status !== 304 && !this.hasHeader('Content-Security-Policy')) {
          this.setHeader('Content-Security-Policy', RESOURCE_CSP);
        }
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    next();
  };
}

export function rejectBadInput(trustProxy: boolean): RequestHandler {
  return (req, res, next) => {
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      res.status(status).set({ 'Cache-Control': 'no-store', ...headers }).type('text/plain').send(message);
    };
    if (!PAGE_METHODS.has(req.method)) return fail(405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' });
    if (req.originalUrl.length > MAX_URL_LENGTH) return fail(414, 'URI Too Long');
    // HTTP/1.0 allows requests without a Host; pages still need one to build their URL.
    req.headers.host ??= 'localhost';
    const hosts = [req.get('host'), trustProxy ? req.get('x-forwarded-host') : undefined];
    if (hosts.some((host) => host !== undefined && !VALID_HOST.test(host.split(',')[0]!.trim()))) {
      return fail(400, 'Bad Request: invalid Host header');
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return fail(400, 'Bad Request: malformed URL encoding');
    }
    if (decoded.includes('\0') || req.originalUrl.includes('%00')) return fail(400, 'Bad Request: NUL in URL');
    next();
  };
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status >= 500) {
    log.error('unhandled error', { requestId: res.locals.requestId, method: req.method, path: req.originalUrl, error });
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const message = status === 404 ? 'Not Found' : status < 500 ? 'Bad Request' : 'Internal Server Error';
  res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(message);
};
