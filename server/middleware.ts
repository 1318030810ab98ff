/**
 * The server's own middleware, in the order server.ts mounts them: request log, security headers, the
 * bad-input guard, precompressed files, built public files, the body limit, and the last-resort error handler.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import express, { type ErrorRequestHandler, type RequestHandler, type Response as ExpressResponse } from 'express';
import helmet from 'helmet';
import Negotiator from 'negotiator';
import { BODY_REQUEST_BYTES, MAX_BODIES_BYTES, sendBusy, type ShedReason } from './admission.ts';
import { continueIfAsked, expectationUnmet, hasBody } from './connections.ts';
import { log, warnAtMostEvery } from './log.ts';

/** The longest URL (path and query) served; longer ones get 414. Real pages use a fraction of it. */
export const MAX_URL_LENGTH = 2048;

const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** The largest request body accepted (form posts are a few hundred bytes); larger ones get 413. */
export const MAX_BODY_BYTES = 64 * 1024;

// One host and an optional port, the host a DNS name (labels of letters, digits and inner hyphens) or an
// IPv4 address, or an IPv6 literal in brackets. Anything else could not form the page's URL.
const HOST_AND_PORT = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/;
const DNS_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

/** Whether a Host header (or an absolute URL's authority) names exactly one valid host and port. */
export function isValidHost(value: string): boolean {
  const match = HOST_AND_PORT.exec(value);
  if (!match) return false;
  const [, host = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  const valid = host.startsWith('[') ? isIPv6(host.slice(1, -1)) : host.length <= 253 && DNS_NAME.test(host);
  // The URL parser has the last word: it refuses what it cannot use, such as the IPv4 address 999.1.1.1, or an
  // IPv6 address with a zone ([fe80::1%eth0]), which net.isIPv6 accepts.
  return valid && URL.canParse(`http://${value}/`);
}

/** How many Host header lines a request has: req.headers keeps the first alone, rawHeaders has them all. */
function hostLines(req: IncomingMessage): number {
  return req.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'host').length;
}

// A request target in absolute form (RFC 9112, 3.2.2): scheme, authority, then the path and query.
export const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)([^#]*)$/i;

/**
 * A `.` or `..` segment of a path, plain or percent-encoded (RFC 3986, 5.2.4), after a slash or a backslash (the
 * URL parser reads `\` as `/` in an http URL).
 */
const DOT_SEGMENT = /[/\\](?:\.|%2e){1,2}(?=[/\\]|$)/i;

/** The app as Node's request listener: each request's target made routable before Express sees it. */
export function routable(app: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    routableTarget(req);
    app(req, res);
  };
}

/** Requests whose target Express could not route: rejectBadInput answers them. */
const unroutableTargets = new WeakSet<IncomingMessage>();

/** The authority of each absolute-form target, whose path has taken its place: rejectBadInput checks it. */
const absoluteAuthorities = new WeakMap<IncomingMessage, string>();

/**
 * Called before Express sees a request. HTTP/1.1 servers must accept absolute-form targets
 * (`GET http://shop.example/about`): the path takes the target's place here, before Express's router reads it
 * (rewritten inside Express, it was cut at the wrong place under a mount such as /assets), and the guard later
 * checks the authority and puts it in place of the Host header. A target with a scheme that is no URL at all
 * (`http://[/`, `http://[::1]x/`) makes Express's router fail to parse it and skip every middleware:
 * finalhandler's bare 404, without the request's log line, metrics or security headers, and a deprecation
 * warning from Node's url.parse on stderr. Such a request goes through as `/`, remembered, so the guard answers
 * it with 400 and the log shows what was asked.
 */
function routableTarget(req: IncomingMessage): void {
  const target = req.url ?? '';
  if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) return;
  if (URL.canParse(target)) {
    const absolute = ABSOLUTE_FORM.exec(target);
    if (!absolute) return;
    const [, authority = '', path = ''] = absolute;
    absoluteAuthorities.set(req, authority);
    req.url = path.startsWith('/') ? path : `/${path}`;
    // Until the guard has checked it, the whole target: its length is what the URL limit counts, and a refused
    // one is logged as it was asked.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = target;
    return;
  }
  unroutableTargets.add(req);
  req.url = '/';
  (req as IncomingMessage & { originalUrl?: string }).originalUrl = target;
}

// Line terminators cannot appear in any page's path, and React Router's catch-all route does not match them.
const ENCODED_LINE_BREAK = /%(?:0a|0d|e2%80%a8|e2%80%a9)/gi;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send of those available, by the request's Accept-Encoding. Browsers send
 * "gzip, deflate, br, zstd": equal weights, so the order of `available` (smallest first) breaks the tie.
 */
export function chooseEncoding<E extends Encoding>(
  req: Pick<IncomingMessage, 'headers'>,
  available: E[],
): E | undefined {
  return new Negotiator(req).encoding(available, { preferred: available }) as E | undefined;
}

/** Points a request at the .br or .gz copy of a built file when one exists and the client accepts it. */
export function precompressed(dir: string): RequestHandler {
  const available = new Set([...filesIn(dir)].filter((file) => /\.(br|gz)$/.test(file)));
  return (req, res, next) => {
    if (available.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const variants = (['br', 'gzip'] as const).filter((encoding) =>
      available.has(`${req.path}.${encoding === 'br' ? 'br' : 'gz'}`),
    );
    if (variants.length === 0) return next();
    res.vary('Accept-Encoding');
    const chosen = chooseEncoding(req, variants);
    if (chosen) req.url = req.url.replace(req.path, `${req.path}.${chosen === 'br' ? 'br' : 'gz'}`);
    next();
  };
}

/**
 * express.static for the files of a build, which do not change while it runs: a request for anything else (every
 * page) goes on at once, without first asking the disk for a file of its name.
 */
export function builtFiles(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const files = filesIn(dir);
  const serve = express.static(dir, options);
  return (req, res, next) => {
    if (!files.has(decodedPath(req.path))) return next();
    // A file is not posted to (as for /assets: express.static says so when it does not fall through).
    if (!reads(req)) return refuseAllButReads(res);
    serve(req, res, next);
  };
}

/** A URL's path as a file name ('/a%20b.png' names 'a b.png'); a path that does not decode stays as it is. */
function decodedPath(urlPath: string): string {
  if (!urlPath.includes('%')) return urlPath;
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/** Every file under a folder, as a URL path ('/images/a.webp'). */
function filesIn(dir: string): Set<string> {
  return new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`),
  );
}

/** At most one warning this often about requests shed, with how many were since the last. */
const SHED_WARNING_INTERVAL_MS = 10_000;

const warnShed = warnAtMostEvery(SHED_WARNING_INTERVAL_MS, (shed) =>
  log.warn({ shed }, 'requests shed: the server is overloaded'),
);
const warnRenderTimeout = warnAtMostEvery(SHED_WARNING_INTERVAL_MS, (stopped) =>
  log.warn({ stopped }, 'renders stopped: over the time limit (a data source not answering?)'),
);

/**
 * The status Node answered with itself when the request's connection failed with a client's error before this
 * response had begun (lib/_http_server.js, socketOnError: the same codes, the same statuses).
 */
function nodeAnswered(req: IncomingMessage, res: ServerResponse): number | undefined {
  const code = (req.socket.errored as NodeJS.ErrnoException | null)?.code;
  if (res.headersSent || code === undefined) return undefined;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return code.startsWith('HPE_') ? 400 : undefined;
}

export const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint();
  const incoming = req.get('x-request-id');
  const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  // React Router sees the same id, so errors logged while rendering carry it.
  req.headers['x-request-id'] = id;
  res.on('close', () => {
    const status = res.statusCode;
    const byNode = nodeAnswered(req, res);
    const fields = {
      requestId: id,
      method: req.method,
      path: req.originalUrl.slice(0, 512),
      status,
      durationMs: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
    };
    // Health checks come every few seconds, and a 503 from /readyz (warming up, draining) is expected. A
    // handler may ask for debug too (in development, Vite's dozens of module requests per page: server.ts).
    if (req.path === '/healthz' || req.path === '/readyz' || res.locals.logAtDebug) log.debug(fields, 'request');
    // Node's own answer when a request on the connection did not arrive whole in time (requestTimeout; this one,
    // or one pipelined behind it), or broke HTTP's rules on the way (its trailers too large, say): it writes the
    // 408 or 4xx itself and closes the connection, so the response never had that status.
    else if (byNode !== undefined) {
      log.info({ ...fields, status: byNode }, byNode === 408 ? 'request timed out' : 'request refused: malformed');
    }
    // The client went away before the whole response was sent: its business, not a fault of ours. (A refusal
    // that closes the connection may end before Node has seen its last write through: it was sent.)
    else if (!res.writableFinished && !res.locals.refused) log.info(fields, 'request aborted by the client');
    // A render shed by admission control (0019): the answer an overloaded server should give. Logged as a
    // request, and worth a warning, but one per burst, not one per request: a flood sheds thousands a second.
    else if (res.locals.shed === 'render_timeout') {
      log.info({ ...fields, shed: res.locals.shed }, 'request shed: its render took too long');
      warnRenderTimeout();
    } else if (res.locals.shed) {
      log.info({ ...fields, shed: res.locals.shed }, 'request shed: the server is overloaded');
      warnShed();
    } else if (status >= 500 && !res.locals.refused) log.error(fields, 'request');
    else log.info(fields, 'request');
  });
  next();
};

/** The policy for everything that is not an HTML page: it may load and run nothing. */
const RESOURCE_CSP = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/** Powerful features no page uses, refused to the page and anything it embeds. */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

export function securityHeaders({
  mode,
  hstsMaxAge,
}: {
  mode: 'production' | 'development';
  hstsMaxAge: number | undefined;
}): RequestHandler {
  const headers = helmet({
    // Set before any handler runs, for every response. A page replaces it with its own hash-based policy
    // (entry.server), as its headers are sent after these; a 304 for a stored page goes without (the page
    // handler), so the browser keeps the policy stored with its copy. Vite's development pages inject
    // inline code, so development goes without.
    contentSecurityPolicy: mode === 'production' ? { useDefaults: false, directives: RESOURCE_CSP } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Only when the site is served over TLS (HSTS_MAX_AGE), for its subdomains too; 0 is sent as it is, as a
    // browser forgets the site's HSTS on max-age=0.
    strictTransportSecurity: hstsMaxAge === undefined ? false : { maxAge: hstsMaxAge, includeSubDomains: true },
  });
  return (req, res, next) => {
    // Helmet does not set Permissions-Policy.
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

/**
 * A refusal in words (`Bad Request: invalid Host header`), never stored, before anything is rendered. It answers
 * what the client sent, so the request log never counts it as a fault of ours (a 501 for a transfer coding, say).
 * A body sent along is never read (a refusal comes as the request's head has been read): the connection closes
 * after the answer, rather than read and drop whatever comes until the request timeout (a declared 100 GB body,
 * 2.9 GB of it in 30 s on one connection).
 */
export function refuse(
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.locals.refused = true;
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', ...(hasBody(res.req) ? { Connection: 'close' } : {}), ...headers })
    .type('text/plain')
    .send(message);
}

/** 405 to a method other than GET and HEAD, for what can only be read: a file, a health check, the version. */
export function refuseAllButReads(res: ExpressResponse): void {
  refuse(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
}

/** Whether the request only reads (GET, HEAD). */
export function reads(req: IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

export function rejectBadInput(): RequestHandler {
  return (req, res, next) => {
    const fail = (status: number, message: string, headers: Record<string, string> = {}) =>
      refuse(res, status, message, headers);
    if (!PAGE_METHODS.has(req.method)) return fail(405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' });
    if (expectationUnmet(req)) return fail(417, 'Expectation Failed');
    if (req.originalUrl.length > MAX_URL_LENGTH) return fail(414, 'URI Too Long');
    // Node's parser takes the chunked coding off a body and passes any other (`gzip, chunked`) on untouched: a
    // transfer coding the server does not understand is 501 (RFC 9112, 6.1), its body left unread.
    const codings = req.headers['transfer-encoding']?.split(',').map((coding) => coding.trim().toLowerCase());
    if (codings?.some((coding) => coding !== 'chunked')) {
      return fail(501, 'Not Implemented: transfer coding', { Connection: 'close' });
    }
    if (unroutableTargets.has(req)) return fail(400, 'Bad Request: invalid request target');
    // More than one Host is a bad request whatever their values (RFC 9112, 3.2), even with an absolute-form target.
    if (hostLines(req) > 1) return fail(400, 'Bad Request: invalid Host header');
    // An absolute-form target's authority takes the place of the Host header (its path took the target's place
    // in routableTarget); any other target that is no path is refused.
    const authority = absoluteAuthorities.get(req);
    if (authority !== undefined) {
      if (!isValidHost(authority)) return fail(400, 'Bad Request: invalid host in request target');
      req.headers.host = authority;
      req.originalUrl = req.url;
    } else if (!req.url.startsWith('/')) return fail(400, 'Bad Request: invalid request target');
    // HTTP/1.0 allows requests without a Host; pages still need one to build their URL.
    req.headers.host ??= 'localhost';
    // Behind a proxy, X-Forwarded-Host may list one host per hop; Express uses the first, and only from a client
    // that TRUST_PROXY trusts (its compiled 'trust proxy fn', as req.host asks it): from any other it is ignored.
    const trusted = (req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean)(
      req.socket.remoteAddress,
      0,
    );
    const forwarded = trusted ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    if (!isValidHost(req.headers.host) || (forwarded !== undefined && !isValidHost(forwarded))) {
      return fail(400, 'Bad Request: invalid Host header');
    }
    // Behind a trusted proxy, Express takes the scheme from X-Forwarded-Proto, and without PUBLIC_URL a page's URL
    // is made from it (page-handler.ts): `http:` or `a b` could form no URL, and `javascript` named a page
    // `null/about`. Only the schemes of pages pass.
    if (!/^https?$/i.test(req.protocol)) return fail(400, 'Bad Request: invalid X-Forwarded-Proto header');
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return fail(400, 'Bad Request: malformed URL encoding');
    }
    if (decoded.includes('\0') || req.originalUrl.includes('%00')) return fail(400, 'Bad Request: NUL in URL');
    // Browsers resolve `.` and `..` segments (encoded ones too) before they send a URL; the URL parser would
    // resolve them here, serving `/products/..` as the home page under a spelling of its own.
    if (DOT_SEGMENT.test(req.path)) return fail(400, 'Bad Request: dot segment in path');
    if (ENCODED_LINE_BREAK.test(req.path)) {
      // Escaped once more, the path still names no page, so the catch-all route answers with the 404 page.
      const escaped = req.path.replace(ENCODED_LINE_BREAK, (match) => match.replaceAll('%', '%25'));
      req.url = req.originalUrl = escaped + req.url.slice(req.path.length);
    }
    next();
  };
}

/**
 * Reads a POST's body into req.body (a Buffer), up to MAX_BODY_BYTES: a larger one gets 413, and the
 * connection is closed, as the rest of the body is never read and would otherwise sit in front of the
 * client's next request. A body the route ignores has then been read all the same.
 *
 * The requests whose bodies are being read or held, until their response ends, are bounded by `maxHeldBytes`:
 * each counts `requestBytes` and the buffer its body has taken so far (a client that declares a body and sends
 * none holds no buffer). A request is shed (the busy page, 503, Retry-After, connection closed) before any of its
 * body is read if its declared length would pass the bound, and as its body arrives if it passes it then (reads
 * that began together).
 */
export function limitBody({
  maxHeldBytes = MAX_BODIES_BYTES,
  requestBytes = BODY_REQUEST_BYTES,
  onShed,
}: {
  maxHeldBytes?: number;
  /** What each request counts besides its body. */
  requestBytes?: number;
  onShed?: (reason: ShedReason) => void;
} = {}): RequestHandler {
  let held = 0;
  return (req, res, next) => {
    const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
    // No body: nothing to read (Node has refused a request with both Content-Length and Transfer-Encoding).
    if (!req.headers['transfer-encoding'] && !declared) {
      if (declared === 0) req.body = Buffer.alloc(0);
      return next();
    }
    const refuse = (status: number, type: string, message: string) => {
      res.setHeader('Connection', 'close');
      next(Object.assign(new Error(message), { status, type }));
    };
    const shed = () => {
      onShed?.('bodies_full');
      res.setHeader('Connection', 'close');
      sendBusy(res, 'bodies_full');
    };
    // Browsers never compress what they post: a compressed body gets 415 rather than costing CPU to inflate.
    const encoding = req.headers['content-encoding'];
    if (encoding && encoding.toLowerCase() !== 'identity') {
      return refuse(415, 'encoding.unsupported', 'content encoding unsupported');
    }
    // A body declared larger than the limit is refused before any of it is read, not once it has arrived;
    // Connection: close discards what does come.
    if ((declared ?? 0) > MAX_BODY_BYTES) return refuse(413, 'entity.too.large', 'request entity too large');
    // Nothing to read for a client already gone (and no 'close' to come that would give its share back).
    if (res.closed) return;
    if (held + requestBytes + (declared ?? 0) > maxHeldBytes) return shed();
    held += requestBytes;
    let body: Buffer | undefined;
    let length = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      // Until the connection closes, what still arrives is read and dropped.
      req.resume();
    };
    res.once('close', () => {
      stop();
      held -= requestBytes + (body?.length ?? 0);
    });
    // Each chunk is copied into one buffer and dropped: Node hands over each chunk of a body as a Buffer of its
    // own (a chunked body of one-byte chunks is 65,536 of them, ~230 bytes of heap each), which readers that keep
    // the chunks until the end (body-parser, raw-body) hold all at once.
    const onData = (chunk: Buffer) => {
      // A chunked body past the limit (Node's parser ends one with a Content-Length at that length).
      if (length + chunk.length > MAX_BODY_BYTES) {
        stop();
        return refuse(413, 'entity.too.large', 'request entity too large');
      }
      if (!body || length + chunk.length > body.length) {
        // Grown by doubling, to the declared length at most: what a body holds is at most twice what it has
        // sent (1 KiB at least).
        const size = Math.min(
          declared ?? MAX_BODY_BYTES,
          Math.max(2 * (body?.length ?? 0), length + chunk.length, 1024),
        );
        held += size - (body?.length ?? 0);
        const grown = Buffer.allocUnsafeSlow(size);
        body?.copy(grown, 0, 0, length);
        body = grown;
        if (held > maxHeldBytes) {
          stop();
          return shed();
        }
      }
      length += chunk.copy(body, length);
    };
    const onEnd = () => {
      stop();
      req.body = body ? body.subarray(0, length) : Buffer.alloc(0);
      next();
    };
    // The request closed before its body was whole and before its response did (a client that goes closes the
    // response first, which stops the reading): the error handler logs it as the client's, answering nobody.
    const onClose = () => {
      stop();
      next(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
    };
    req.on('data', onData).once('end', onEnd).once('close', onClose);
    continueIfAsked(req, res);
  };
}

// What a request's client causes by going away (a reset, a body cut short, a response it stopped reading):
// expected, not a fault of ours.
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

function clientGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, type } = error as Error & { code?: unknown; type?: unknown };
  return (
    (typeof code === 'string' && CLIENT_GONE_CODES.has(code)) ||
    type === 'request.aborted' ||
    // @react-router/node's writeReadableStreamToWritable, when the response closes before the page is sent.
    error.message === 'Writable closed before stream finished'
  );
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (clientGone(error)) {
    log.info(
      { requestId: res.locals.requestId, method: req.method, path: req.originalUrl.slice(0, 512) },
      'client closed the connection',
    );
    res.destroy();
    return;
  }
  const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status >= 500) {
    log.error({ requestId: res.locals.requestId, method: req.method, path: req.originalUrl, error }, 'unhandled error');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The status's own reason phrase: a 403 says Forbidden, a 415 Unsupported Media Type. In development a fault of
  // ours says what it was too (the server's `app.locals.showErrors`).
  const reason = STATUS_CODES[status] ?? 'Error';
  // (Vite's messages carry terminal colours: not for a browser.)
  const detail =
    status >= 500 && req.app?.locals.showErrors ? `\n\n${stripVTControlCharacters(error?.stack ?? String(error))}` : '';
  // Headers set for a file this answer does not send (a precompressed asset's 416 or 412): its text is not the
  // file's encoding, nor its version.
  for (const name of ['Content-Encoding', 'ETag', 'Last-Modified']) res.removeHeader(name);
  // A 4xx answers what the client sent, as `refuse` does (for the request log).
  res.locals.refused = status < 500;
  res.status(status).set('Cache-Control', 'no-store');
  if (detail && req.accepts(['text/plain', 'html']) === 'html') {
    res.type('html').send(errorOverlayPage(reason, detail));
    return;
  }
  res.type('text/plain').send(reason + detail);
};

/**
 * Development only: a fault of ours, to a browser, in Vite's error overlay, as Vite's own server shows it. Its client
 * reloads the page once the code is mended (the plain text would stay until reloaded by hand); without it, the text.
 */
function errorOverlayPage(reason: string, detail: string): string {
  const text = `${reason}${detail}`;
  const error = JSON.stringify({ message: reason, stack: detail.trim() }).replace(/</g, '\\u003c');
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${reason}</title><script type="module">
import { ErrorOverlay } from '/@vite/client';
document.body.append(new ErrorOverlay(${error}));
</script></head><body><pre>${escaped}</pre></body></html>`;
}
