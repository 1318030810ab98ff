/**
 * Express ↔ React Router, with a cache of rendered pages.
 *
 * Every page is rendered from static fixtures, so the HTML for a URL never changes while a build runs; only
 * the CSP nonce differs between responses. A page is therefore rendered once, stored with its nonce replaced
 * by a placeholder, and each later response gets a fresh nonce stamped in (see
 * docs/decisions/0003-render-once-stamp-nonce.md). Stored pages also answer conditional GETs with 304.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';

export type PageHandlerOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** Reuse rendered pages (production only). */
  cache: boolean;
  /** At most this many pages are kept; the least recently used go first. */
  maxEntries?: number;
};

type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  /** The body with every occurrence of the nonce replaced by NONCE_PLACEHOLDER. */
  body: string;
  /** The CSP header likewise, or undefined for responses without a nonce (data requests). */
  csp: string | undefined;
  etag: string;
};

const NONCE_PLACEHOLDER = '\u0000nonce\u0000';
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

/** HTML is the same for every shopper, but its nonce is per response: browsers may keep it, shared caches not. */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

export function createPageHandler({ build, mode, cache, maxEntries = 500 }: PageHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  const pages = new Map<string, CachedPage>();

  return async (req, res, next) => {
    try {
      const key = cache ? cacheKey(req) : undefined;
      const hit = key ? pages.get(key) : undefined;
      if (hit && key) {
        // Refresh its place in the least-recently-used order.
        pages.delete(key);
        pages.set(key, hit);
        return sendCached(req, res, hit);
      }
      const response = await handle(toFetchRequest(req, res));
      if (key && req.method === 'GET' && isCacheable(response)) {
        const page = await toCachedPage(response);
        pages.set(key, page);
        if (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
        return sendCached(req, res, page);
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** Only plain, anonymous GET/HEAD requests share pages; anything that might be personal is rendered afresh. */
function cacheKey(req: ExpressRequest): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.cookie || req.headers.authorization) return undefined;
  return `${req.protocol}://${req.host}${req.originalUrl}`;
}

function isCacheable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  const vary = (response.headers.get('vary') ?? '').toLowerCase();
  return !/no-store|private/.test(cacheControl) && (vary === '' || vary === 'accept-encoding');
}

async function toCachedPage(response: Response): Promise<CachedPage> {
  const text = await response.text();
  const csp = response.headers.get('content-security-policy') ?? undefined;
  const nonce = csp?.match(NONCE_IN_CSP)?.[1];
  const body = nonce ? text.split(nonce).join(NONCE_PLACEHOLDER) : text;
  const headers = [...response.headers].filter(([name]) => !['content-security-policy', 'content-length'].includes(name));
  if (!response.headers.has('cache-control')) headers.push(['cache-control', PAGE_CACHE_CONTROL]);
  return {
    status: response.status,
    headers,
    body,
    csp: nonce ? csp!.replace(nonce, NONCE_PLACEHOLDER) : csp,
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage): void {
  for (const [name, value] of page.headers) res.append(name, value);
  res.setHeader('ETag', page.etag);
  if (fresh(req, page.etag)) {
    // No CSP on a 304: the browser keeps the policy stored with its copy, which matches that copy's nonce.
    res.status(304).end();
    return;
  }
  const nonce = randomBytes(16).toString('base64');
  if (page.csp) res.setHeader('Content-Security-Policy', page.csp.replace(NONCE_PLACEHOLDER, nonce));
  res.status(page.status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.end(page.csp ? page.body.split(NONCE_PLACEHOLDER).join(nonce) : page.body);
}

function fresh(req: ExpressRequest, etag: string): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => weak(tag) === weak(etag));
}

/** The Fetch API request React Router expects, aborted if the client goes away. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new globalThis.Request(`${req.protocol}://${req.host}${req.originalUrl}`, init);
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.append(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
  if (!response.body) {
    res.end();
    return;
  }
  await writeReadableStreamToWritable(response.body, res);
}
