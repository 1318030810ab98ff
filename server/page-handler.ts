/**
 * Express ↔ React Router, with a cache of rendered pages served like static files.
 *
 * Pages are rendered from static fixtures and carry a hash-based CSP, so for one build a URL's document is
 * the same bytes for every shopper. Each page is therefore rendered once, compressed once (gzip at once,
 * brotli at quality 11 in the background) and then sent from memory with a strong ETag, whatever cookies
 * or headers the request carries; its render is not even given the shopper's cookies or credentials. A route
 * whose page depends on the shopper says so with `handle: { private: true }`; its pages are then rendered per
 * request, with them, and never stored. See docs/decisions/0003-render-once-serve-like-a-static-file.md, 0012
 * and 0032.
 */
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gunzipSync, gzip } from 'node:zlib';
import { createHeaders, sendResponse } from '@remix-run/node-fetch-server';
import compression from 'compression';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { LRUCache } from 'lru-cache';
import {
  createAdmission,
  RENDER_CONCURRENCY,
  RENDER_DEADLINE_MS,
  RENDER_TIMEOUT_MS,
  sendBusy,
  Shed,
  type AdmissionOptions,
  type ShedReason,
} from './admission.ts';
import { log, warnAtMostEvery } from './log.ts';
import {
  chooseEncoding as negotiate,
  MAX_URL_LENGTH,
  reads,
  refuse,
  refuseAllButReads,
  type Encoding,
} from './middleware.ts';
import { withDecodablePaths, type PageUrl } from './page-url.ts';

/** React Router's request handler, or any other function from a Fetch request to its response. */
export type FetchHandler = (request: Request) => Promise<Response>;

export type PageHandlerOptions = {
  handler: FetchHandler;
  /** Reuse rendered pages (production). */
  cache: boolean;
  /**
   * Give a shareable page rendered for one request (`cache` off, or its shared render not to be had) the caching
   * headers it would have been stored with (production). Off in development, where an edited fixture shows at once.
   */
  cacheHeaders?: boolean;
  /**
   * The site's public origin (PUBLIC_URL). The app sees it as the origin of every request's URL instead of
   * the request's Host, so pages are the same for every Host and shared caches may store them. Without it,
   * pages carry the request's own origin and are private to a browser.
   */
  publicUrl?: string;
  /** The most the stored pages may take, in bytes (all encodings). */
  maxBytes?: number;
  /** How long a stored page is fresh; then it is rendered again in the background. Default: PAGE_FRESH_MS. */
  freshMs?: number;
  /** How long a render may run before it is stopped and the shopper gets the busy page. Default: RENDER_TIMEOUT_MS. */
  renderTimeoutMs?: number;
  /**
   * What a GET means: the URL the app is given and the key its page is stored under, or undefined for a
   * request that is not a page (React Router's route manifest). Default: the URL as it is (server/page-url.ts
   * makes the real one from the build).
   */
  pageUrl?: (url: URL) => PageUrl | undefined | Promise<PageUrl | undefined>;
  /**
   * How many renders run at once (RENDER_CONCURRENCY by default), how many may wait, and for how long
   * (server/admission.ts); the rest are shed with a 503.
   */
  admission?: Pick<AdmissionOptions, 'maxWaiting' | 'maxWaitMs'> & { concurrency?: number };
  /** Told of every lookup, of the cache's size, of renders and of renders shed, for metrics. */
  observer?: PageCacheObserver;
};

export type PageCacheObserver = {
  lookup?: (result: 'hit' | 'miss') => void;
  size?: (bytes: number, entries: number) => void;
  render?: (seconds: number) => void;
  shed?: (reason: ShedReason) => void;
  waiting?: (renders: number) => void;
  /** A page's document asked with query parameters its route does not read, left out of its render (0020). */
  dropped?: (meaning: PageUrl) => void;
  /** A stored page's refresh failed (a 5xx, an error, the time limit): it is served older than its freshness. */
  notRefreshed?: () => void;
};

/** At most one warning this often about stored pages that could not be refreshed, with how many there were. */
const REFRESH_WARNING_INTERVAL_MS = 10_000;

/** How long shared caches may keep a public page or its data. */
const SHARED_MAX_AGE = 60;
/**
 * What CDNs may do with a public page or its data (`CDN-Cache-Control`, RFC 9213, which they read instead of
 * Cache-Control): keep it a minute, then serve it stale for a day while they fetch a fresh copy in the
 * background. Said to them alone: a browser applies `stale-while-revalidate` too (Chromium does, to the data a
 * client-side navigation fetches), and would show a shopper a copy up to a day old. nginx serves stale copies
 * while it refreshes them by its own configuration (deploy/nginx/nginx.conf).
 */
export const SHARED_CDN_CACHE_CONTROL = `public, max-age=${SHARED_MAX_AGE}, stale-while-revalidate=86400`;
/** Public pages: browsers revalidate every time (a 304 is cheap); shared caches keep them a minute. */
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}`;
/** Pages that carry the request's Host (no PUBLIC_URL): only the browser that asked may keep them. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';
/**
 * A page's data (`.data`, what a client-side navigation fetches): as its page, but a browser may use its copy for
 * a few seconds without asking again, so that the copy fetched when a shopper shows intent (a hover, 0023) is
 * the one the click then uses, with no round trip. Only the data of pages stored for everyone gets it.
 */
const DATA_FRESH_SECONDS = 10;
export const SHARED_DATA_CACHE_CONTROL = `public, max-age=${DATA_FRESH_SECONDS}, s-maxage=${SHARED_MAX_AGE}`;
export const PRIVATE_DATA_CACHE_CONTROL = `private, max-age=${DATA_FRESH_SECONDS}`;
/** A page of the shopper's own (its route's `handle.private`), unless its route says otherwise: kept by nobody. */
export const SHOPPER_PAGE_CACHE_CONTROL = 'private, no-store';

/** What says who the shopper is: given only to renders for them alone (posts, private routes' pages). */
const SHOPPER_HEADERS = ['cookie', 'authorization'];

export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * How long a stored page is fresh: as long as shared caches keep it. Then the next request for it gets the stored
 * copy at once and renders the page again in the background, as CDNs do with `stale-while-revalidate`, so that
 * data that changes (a backend's prices, stock) shows within a minute and no shopper waits for it.
 */
export const PAGE_FRESH_MS = SHARED_MAX_AGE * 1000;

/** A render under way for the page cache, and how many requests wait for it. */
type Rendering = { promise: Promise<Page | Failure | Response>; clients: number; controller: AbortController };

/**
 * A render that failed (5xx) with an answer that is the same for everyone: sent to every request that waited for
 * it, never stored. Each request rendering its own instead asked a failing backend once per shopper.
 */
type Failure = { failed: true; status: number; headers: Array<[string, string]>; body: Uint8Array<ArrayBuffer> };

type Page = {
  /** When it was stored, or last tried again (performance.now()): fresh for `freshMs` from then. */
  storedAt: number;
  status: number;
  headers: Array<[string, string]>;
  /** What the headers take (the CSP alone is ~2.5 KB: it hashes this page's own inline scripts). */
  headersLength: number;
  /** A strong validator of the document; each encoding's ETag derives from it. */
  hash: string;
  gzip: Buffer;
  /** Added once the background compression is done. */
  br?: Buffer;
  /** The plain document, kept once a client that takes no compression (curl, some bots) has asked for it. */
  identity?: Buffer;
  identityLength: number;
};

const brotli = promisify(brotliCompress);

/**
 * Brotli's window, as a power of two: 256 KB covers any page. Brotli's default (4 MB) is memory each
 * compression takes, and Node reports it to V8: streamed per response, past 64 KB of input, it made V8 collect
 * its whole heap every few responses and halved the pages rendered per second (docs/performance.md, "Pages
 * rendered per request").
 */
const BROTLI_WINDOW_BITS = 18;
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Admission when not given (tests): a generous queue. server.ts derives the real one from the heap (0019). */
const DEFAULT_ADMISSION = { maxWaiting: 1_000, maxWaitMs: RENDER_DEADLINE_MS };

/** Brotli at quality 11 takes ~100× gzip's time: one page at a time, and no more than this many waiting. */
const MAX_BROTLI_QUEUE = 32;

export function createPageHandler({
  handler,
  cache,
  cacheHeaders = false,
  publicUrl,
  maxBytes = DEFAULT_PAGE_CACHE_BYTES,
  freshMs = PAGE_FRESH_MS,
  renderTimeoutMs = RENDER_TIMEOUT_MS,
  pageUrl = (url) => ({
    url,
    key: url.pathname + url.search,
    dropped: [],
    unknown: false,
    data: false,
    route: 'other',
    private: false,
  }),
  admission: { maxWaiting, maxWaitMs, concurrency = RENDER_CONCURRENCY } = DEFAULT_ADMISSION,
  observer = {},
}: PageHandlerOptions): RequestHandler {
  const pages = new LRUCache<string, Page>({
    maxSize: maxBytes,
    sizeCalculation: (page) =>
      page.gzip.length + (page.br?.length ?? 0) + (page.identity?.length ?? 0) + page.headersLength + 512,
  });
  const reportSize = () => observer.size?.(pages.calculatedSize, pages.size);
  // A failing data source fails every page's refresh, each once a freshness period: one line for them all.
  const warnNotRefreshed = warnAtMostEvery(
    REFRESH_WARNING_INTERVAL_MS,
    (failed, latest: { key: string; status?: number; error?: string }) =>
      log.warn({ failed, ...latest }, 'stored pages not refreshed: their stored copies stay'),
  );
  const notRefreshed = (latest: { key: string; status?: number; error?: string }) => {
    observer.notRefreshed?.();
    warnNotRefreshed(latest);
  };
  /**
   * Stores a page again after a copy was added to it, so that its size counts, unless it has been evicted. Set
   * again as it is, the cache would keep its old size (lru-cache recounts a value only when it is another one).
   */
  const resize = (key: string, page: Page) => {
    if (pages.peek(key) === page) {
      pages.delete(key);
      pages.set(key, page);
    }
    reportSize();
  };
  const rendering = new Map<string, Rendering>();
  const pageCacheControl = publicUrl ? SHARED_PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL;
  const dataCacheControl = publicUrl ? SHARED_DATA_CACHE_CONTROL : PRIVATE_DATA_CACHE_CONTROL;
  /**
   * The caching headers of a stored page or its data. CDNs never serve the not-found page (or its data) stale, so
   * that a path a new version adds is not answered 404 for a day.
   */
  const cachingOf = (status: number, page: PageUrl): Array<[string, string]> => {
    if (status === 404) return [['cache-control', pageCacheControl]];
    const cacheControl: [string, string] = ['cache-control', page.data ? dataCacheControl : pageCacheControl];
    return publicUrl ? [cacheControl, ['cdn-cache-control', SHARED_CDN_CACHE_CONTROL]] : [cacheControl];
  };
  const origin = publicUrl ? URL.parse(publicUrl)?.origin : undefined;
  // Responses rendered per request (private pages, posts, PAGE_CACHE=off): brotli at the library's quality,
  // in the window a page needs.
  const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } });
  const admission = createAdmission({
    concurrency,
    maxWaiting,
    maxWaitMs,
    onWaiting: observer.waiting,
  });
  /** React Router's answer, with headers of its own (withOwnHeaders). */
  const answer = (request: Request) => handler(request).then(withOwnHeaders);

  /**
   * React Router's handler, a few at a time, past the bounds shed (Shed); a request whose client left while
   * it waited (`signal`) is not rendered. The Fetch request is made when the render starts: a waiting render
   * holds the Express request alone, not a second copy of its headers and body.
   */
  const renderLimited = (url: URL, req: ExpressRequest, signal: AbortSignal, method = 'GET', shopper = false) =>
    admission.run(
      () =>
        timed(
          (within) => answer(pageRequest(req, url, within, method, shopper)),
          signal,
          // A form post's action may have changed something before it ran late: it is not cut short, and the
          // shopper is never invited to send it again.
          method === 'GET' || method === 'HEAD' ? renderTimeoutMs : undefined,
        ),
      signal,
    );

  /**
   * Runs a render within `limitMs` (none if undefined): past it, the render's request is aborted (React Router
   * then stops waiting for its loaders) and Shed('render_timeout') is thrown, unless the client had gone first.
   */
  const timed = async (
    render: (signal: AbortSignal) => Promise<Response>,
    signal: AbortSignal,
    limitMs: number | undefined,
  ) => {
    const started = performance.now();
    const timeout = new AbortController();
    const timer =
      limitMs === undefined ? undefined : setTimeout(() => timeout.abort(new Shed('render_timeout')), limitMs);
    try {
      const response = await render(AbortSignal.any([signal, timeout.signal]));
      if (timeout.signal.aborted && !signal.aborted) {
        await response.body?.cancel();
        throw timeout.signal.reason;
      }
      return response;
    } finally {
      clearTimeout(timer);
      observer.render?.((performance.now() - started) / 1000);
    }
  };

  let brotliQueue = Promise.resolve();
  const brotliPending = new Set<Page>();
  /** Adds the brotli copy in the background, unless too much is already waiting (a later hit asks again). */
  const addBrotli = (key: string, page: Page, identity: () => Buffer | Promise<Buffer>) => {
    if (page.br || brotliPending.has(page) || brotliPending.size >= MAX_BROTLI_QUEUE) return;
    brotliPending.add(page);
    brotliQueue = brotliQueue
      .then(async () => {
        const body = await identity();
        page.br = compact(
          await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
            },
          }),
        );
        resize(key, page);
      })
      .catch(() => {})
      .finally(() => brotliPending.delete(page));
  };

  /**
   * Renders the page for a key once, however many requests for it arrive meanwhile. The render stops only
   * when every one of them has gone (`signal`), not when the first has.
   */
  const render = async (
    key: string,
    page: PageUrl,
    req: ExpressRequest,
    signal: AbortSignal,
  ): Promise<Page | Failure | Response> => {
    // HEAD is answered from the stored GET, so a HEAD request renders the GET.
    const response = await renderLimited(page.url, req, signal);
    if (isSharedFailure(response)) {
      const body = new Uint8Array(await response.arrayBuffer());
      return { failed: true, status: response.status, headers: [...response.headers], body };
    }
    if (!isShareable(response, page.unknown)) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    addCaching(response.headers, cachingOf(response.status, page));
    const headers = storedHeaders(response);
    const headersLength = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    // A refresh that rendered the same document keeps the stored page, and so its copies, brotli's above all (made
    // again, or still being made: it takes a core for a while, and until then browsers would get the gzip copy
    // under another ETag, a whole page instead of a 304). Its headers are the new render's.
    const same = pages.peek(key);
    if (same?.hash === hash && same.status === response.status) {
      Object.assign(same, { storedAt: performance.now(), headers, headersLength });
      resize(key, same);
      return same;
    }
    const stored: Page = {
      storedAt: performance.now(),
      status: response.status,
      headers,
      headersLength,
      hash,
      gzip: compact(await gzipAsync(identity, { level: 9 })),
      identityLength: identity.length,
    };
    pages.set(key, stored);
    reportSize();
    addBrotli(key, stored, () => identity);
    return stored;
  };

  /** Counts a request among those a render is for; when each of them has gone, the render is stopped. */
  const follow = (shared: Rendering, res: ExpressResponse) => {
    shared.clients++;
    res.once('close', () => {
      if (!res.writableFinished && --shared.clients === 0) shared.controller.abort(new Error('every client has gone'));
    });
  };

  /**
   * Renders a stored page that is no longer fresh again, for no request in particular; requests get the stored
   * page meanwhile. Only when a render can start at once: refreshes never wait in front of shoppers' renders. One
   * try per page per freshness period, whatever its outcome: a page that renders into another page replaces it;
   * one that is no page to store any more (a route's 404, a redirect, a private page) is dropped, so the next
   * request gets what it is now; a failure (5xx, an error, the time limit) leaves the stored page as it was.
   */
  const refresh = (key: string, page: PageUrl, req: ExpressRequest, stored: Page) => {
    if (rendering.has(key) || admission.waiting > 0 || admission.running >= concurrency) return;
    stored.storedAt = performance.now();
    const controller = new AbortController();
    // Counted as a client of its own, so that requests which join it (the stored page evicted meanwhile) and
    // leave do not stop it.
    const shared: Rendering = { clients: 1, controller, promise: render(key, page, req, controller.signal) };
    rendering.set(key, shared);
    shared.promise
      .then((result) => {
        // A new page stored in its place, or a failure: the stored page stays.
        if ('failed' in result) return notRefreshed({ key, status: result.status });
        if (!(result instanceof Response)) return;
        void result.body?.cancel();
        if (result.status >= 500) return notRefreshed({ key, status: result.status });
        if (pages.peek(key) === stored) {
          pages.delete(key);
          reportSize();
        }
      })
      .catch((error: unknown) => notRefreshed({ key, error: String(error) }))
      .finally(() => {
        if (rendering.get(key) === shared) rendering.delete(key);
      });
  };

  const lookup = async (
    key: string,
    page: PageUrl,
    req: ExpressRequest,
    res: ExpressResponse,
  ): Promise<Page | Failure | Response | undefined> => {
    const stored = pages.get(key);
    if (stored) {
      if (performance.now() - stored.storedAt > freshMs) refresh(key, page, req, stored);
      observer.lookup?.('hit');
      return stored;
    }
    const pending = rendering.get(key);
    // A render every client of which has gone is being stopped: a new request starts another.
    if (pending && !pending.controller.signal.aborted) {
      // Another request is rendering this page: wait for it (counted with the renders waiting, 0019) and share
      // its result, unless that is not shareable or failed (every client gone); then this request renders its
      // own. Shed, it is shed too.
      follow(pending, res);
      const result = await admission.share(pending.promise).catch((error: unknown) => {
        if (error instanceof Shed) throw error;
        return undefined;
      });
      if (result && !(result instanceof Response)) {
        if (!('failed' in result)) observer.lookup?.('hit');
        return result;
      }
      return undefined;
    }
    observer.lookup?.('miss');
    const controller = new AbortController();
    const shared: Rendering = { clients: 0, controller, promise: render(key, page, req, controller.signal) };
    follow(shared, res);
    rendering.set(key, shared);
    try {
      return await shared.promise;
    } finally {
      if (rendering.get(key) === shared) rendering.delete(key);
    }
  };

  return async (req, res, next) => {
    try {
      // Joined as text: a target such as //evil.example/x is a path here, never another host.
      const requestUrl = new URL(`${origin ?? `${req.protocol}://${req.host}`}${req.url}`);
      const get = reads(req);
      const asked = await pageUrl(requestUrl);
      // For the metrics, the route pattern, posts included (server/metrics.ts).
      res.locals.route = asked?.route;
      // A post's URL is handed on as it is, and its response never stored; a post to no page is answered with the
      // stored not-found page, as a GET is (React Router would render it anew to answer 405).
      const meaning = get || asked?.unknown ? asked : undefined;
      // React Router's route-discovery manifest: never stored. No page is rendered, but matching each of its paths
      // is work as long as a render (683 short paths fit the URL limit: 23–38 ms), so it waits its turn with the
      // renders and is shed with them: answered at once, a flood of them held the event loop for seconds.
      if (!asked) {
        if (!get) return refuseAllButReads(res);
        const discovery = withDecodablePaths(requestUrl);
        if (!discovery) return refuse(res, 400, 'Bad Request: no path decodes');
        const signal = closeSignal(res);
        return send(req, res, next, await admission.run(() => answer(pageRequest(req, discovery, signal)), signal));
      }
      // Another spelling of a route's path: to the route's own, before any render.
      if (meaning?.redirect) return res.redirect(308, meaning.redirect);
      if (get && meaning?.dropped.length && !meaning.unknown && !meaning.data) observer.dropped?.(meaning);
      const url = meaning?.url ?? requestUrl;
      // Without PUBLIC_URL a page names the Host it was asked by, so the Host is part of what it means.
      const key = cache && meaning && !meaning.private ? `${publicUrl ? '' : url.origin}${meaning.key}` : undefined;
      const found = key && meaning ? await lookup(key, meaning, req, res) : undefined;
      let result = found && 'failed' in found ? failureResponse(found) : found;
      if (result && !(result instanceof Response)) {
        const page = result;
        if (key && !page.br) addBrotli(key, page, () => gunzipAsync(page.gzip));
        const added = sendPage(req, res, page);
        if (key && added) resize(key, page);
        return;
      }
      if (!result) {
        // A post, or a page of the shopper's own: rendered with their cookies and credentials, and private. A post
        // to no page is rendered as the not-found page's GET, as the page cache answers it.
        const posted = !get && !meaning?.unknown;
        const shopper = posted || meaning?.private === true;
        result = await renderLimited(url, req, closeSignal(res), posted || get ? req.method : 'GET', shopper);
        if (meaning?.private && !result.headers.has('cache-control')) {
          result.headers.set('cache-control', SHOPPER_PAGE_CACHE_CONTROL);
        }
        // Rendered for this request alone (PAGE_CACHE=off, or a shared render failed), yet as shareable as a
        // stored page: cached as one would be.
        if (cacheHeaders && meaning && isShareable(result, meaning.unknown)) {
          addCaching(result.headers, cachingOf(result.status, meaning));
        }
      }
      send(req, res, next, meaning?.dropped.length ? keepDropped(result, meaning.dropped, url) : result);
    } catch (error) {
      if (error instanceof Shed) {
        observer.shed?.(error.reason);
        // For the request log, also when the client has gone: it was shed (server/middleware.ts).
        res.locals.shed = error.reason;
      }
      // A client that has gone needs no answer, and its request's abort is no fault of ours.
      if (res.destroyed) return;
      if (error instanceof Shed) return sendBusy(res, error.reason);
      next(error);
    }
  };

  /** Sends a response rendered for this request alone (POSTs, redirects, errors, private pages). */
  function send(req: ExpressRequest, res: ExpressResponse, next: (error: unknown) => void, rendered: Response) {
    const result = rendered.status === 405 ? methodNotAllowed(rendered) : rendered;
    // Responses rendered per request (POSTs, redirects, errors, private pages) are compressed as they go.
    // React Router leaves the reason phrase empty; browsers show it ("404 Not Found").
    const response = result.statusText
      ? result
      : new Response(result.body, {
          status: result.status,
          statusText: STATUS_CODES[result.status],
          headers: result.headers,
        });
    compress(req, res, () => void sendResponse(res, response).catch(next));
  }
}

/**
 * React Router answers a method a route has no action for with 405, without the `Allow` header RFC 9110 asks
 * for: its routes all answer GET and HEAD (no action of the app answers 405 itself). A resource route's 405 (`POST /robots.txt`) comes as JSON saying
 * "Unexpected Server Error": it says what happened instead, as the guard's 405 does.
 */
function methodNotAllowed(response: Response): Response {
  if (!response.headers.has('allow')) response.headers.set('allow', 'GET, HEAD');
  if (!response.headers.get('content-type')?.startsWith('application/json')) return response;
  void response.body?.cancel();
  response.headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response('Method Not Allowed', { status: 405, headers: response.headers });
}

/**
 * A redirect within the site carries on the parameters its route does not read (the app never saw them), so
 * a campaign link that needed its query corrected keeps its utm_source. Not past the longest URL the server
 * takes: re-encoded, a query grows up to three times (`~` becomes `%7E`), and a 6 KB Location overflowed the
 * buffer nginx reads a response's headers into, which it counts as the replica failing (an attack run took every
 * replica out of its rotation with a few such requests).
 */
function keepDropped(response: Response, dropped: Array<[string, string]>, url: URL): Response {
  const location = response.headers.get('location');
  const target = location && response.status >= 300 && response.status < 400 ? URL.parse(location, url) : null;
  if (!target || target.origin !== url.origin) return response;
  for (const [name, value] of dropped) target.searchParams.append(name, value);
  const carried = location!.startsWith('/') ? target.pathname + target.search + target.hash : target.href;
  if (carried.length > MAX_URL_LENGTH) return response;
  const headers = new Headers(response.headers);
  headers.set('location', carried);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The response with headers of its own, which the caching headers and `Allow` are added to: those of a response
 * made by `Response.redirect()` or passed on from `fetch()` cannot be changed (setting one threw: a 500).
 */
function withOwnHeaders(response: Response): Response {
  const { body, status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers: new Headers(headers) });
}

/** A server error whose answer may go to everyone who asked at the same time: no cookie set, nothing private. */
function isSharedFailure(response: Response): boolean {
  return (
    response.status >= 500 &&
    !response.headers.has('set-cookie') &&
    !/no-store|private/.test(response.headers.get('cache-control') ?? '')
  );
}

/** A shared failure as a response of its own for one request. */
function failureResponse({ status, headers, body }: Failure): Response {
  return new Response(body.length > 0 ? body : null, { status, headers });
}

/**
 * A response any shopper may get: a page (200), or the not-found page of an unknown path (404: one page for
 * every such path, where a route's own 404 may depend on its URL), without cookies, not marked private by its
 * route, varying by encoding at most.
 */
function isShareable(response: Response, unknown: boolean): boolean {
  if (!(response.status === 200 || (response.status === 404 && unknown)) || response.headers.has('set-cookie')) {
    return false;
  }
  const cacheControl = response.headers.get('cache-control') ?? '';
  const vary = (response.headers.get('vary') ?? '').toLowerCase();
  return !/no-store|private/.test(cacheControl) && (vary === '' || vary === 'accept-encoding');
}

const PER_VARIANT_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'vary']);

/**
 * Adds each of `caching` the route did not set, unless its route said how to cache the page (Cache-Control),
 * which CDNs then follow too.
 */
function addCaching(headers: Headers, caching: Array<[string, string]>): void {
  if (headers.has('cache-control')) return;
  for (const [name, value] of caching) if (!headers.has(name)) headers.set(name, value);
}

/** The response's headers but those of one encoding. */
function storedHeaders(response: Response): Array<[string, string]> {
  const headers = [...response.headers].filter(([name]) => !PER_VARIANT_HEADERS.has(name));
  headers.push(['vary', 'Accept-Encoding']);
  return headers;
}

/**
 * A copy of exactly its bytes: zlib hands back views of 64 KB buffers, which would keep 64 KB alive for
 * every 8 KB page and make the cache's byte count a fiction.
 */
function compact(buffer: Buffer): Buffer {
  return Buffer.from(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length));
}

/** Sends a stored page; true when it had to add a copy to the page (the plain one) to do so. */
function sendPage(req: ExpressRequest, res: ExpressResponse, page: Page): boolean {
  const encoding = chooseEncoding(req, page);
  const etag = `"${page.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  // Preconditions apply to a success only (RFC 9110, 13.2.1): a stored 404 is always sent whole.
  const unmet = page.status === 200 ? unmetPrecondition(req, etag) : undefined;
  // Refused as any other request: never stored (a cache that passed If-Match on could keep it for everyone).
  if (unmet === 412) {
    refuse(res, 412, 'Precondition Failed');
    return false;
  }
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('ETag', etag);
  if (unmet === 304) {
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Security-Policy');
    res.status(304).end();
    return false;
  }
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  const body = encoding === 'br' ? page.br! : encoding === 'gzip' ? page.gzip : undefined;
  res.setHeader('Content-Length', body?.length ?? page.identityLength);
  res.status(page.status);
  if (req.method === 'HEAD') {
    res.end();
    return false;
  }
  const added = !body && !page.identity;
  // A few hundred microseconds, once per page, and only for clients that take no compression.
  if (added) page.identity = compact(gunzipSync(page.gzip));
  res.end(body ?? page.identity);
  return added;
}

/** Brotli when the client takes it and the page has it, else gzip, else the plain document. */
function chooseEncoding(req: ExpressRequest, page: Page): Encoding {
  return negotiate(req, page.br ? ['br', 'gzip', 'identity'] : ['gzip', 'identity']) ?? 'identity';
}

/**
 * The status of a GET or HEAD whose precondition is not met, in RFC 9110's order (13.2.2): 412 when If-Match names
 * another version than this one (compared strongly), else 304 when If-None-Match names this one (weakly). The
 * page has no modification date, so the date conditions are ignored.
 */
function unmetPrecondition(req: ExpressRequest, etag: string): 304 | 412 | undefined {
  const listed = (field: string | undefined, same: (tag: string) => boolean) =>
    field !== undefined && (field.trim() === '*' || field.split(',').some((tag) => same(tag.trim())));
  const ifMatch = req.headers['if-match'];
  if (ifMatch !== undefined && !listed(ifMatch, (tag) => tag === etag)) return 412;
  if (listed(req.headers['if-none-match'], (tag) => tag.replace(/^W\//, '') === etag)) return 304;
  return undefined;
}

/** A signal that aborts when the client goes away before its response is sent. */
function closeSignal(res: ExpressResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client has gone'));
  });
  return controller.signal;
}

/**
 * The Fetch request React Router expects for `url`, aborted by `signal`. A body the server has read already
 * (`limitBody`, server/middleware.ts) is handed on as it is; HEAD is rendered as the GET it is answered from.
 * Who the shopper is (their cookies and credentials) goes only to a render for them alone (`shopper`).
 */
function pageRequest(req: ExpressRequest, url: URL, signal: AbortSignal, method = 'GET', shopper = false): Request {
  const body = method === 'GET' || method === 'HEAD' ? null : (req.body as Uint8Array<ArrayBuffer> | undefined);
  const headers = createHeaders(req);
  if (!shopper) for (const name of SHOPPER_HEADERS) headers.delete(name);
  return new Request(url, { method, headers, body, signal });
}
