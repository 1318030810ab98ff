import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { contentSecurityPolicy } from './lib/csp';
import { log } from './lib/log';

// Pages render from static fixtures, so waiting for the whole document costs nothing and every response
// is complete HTML; the timeout only guards against a render that never settles.
export const streamTimeout = 5_000;

/** Response header naming the route pattern that rendered a page, for the server's metrics; never sent. */
export const ROUTE_HEADER = 'x-storefront-route';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const route = routerContext.staticHandlerContext.matches.at(-1)?.route.path;
  responseHeaders.set(ROUTE_HEADER, route ? `/${route.replace(/^\//, '')}` : '/');

  const html = await renderDocument(request, routerContext, (status) => (responseStatusCode = status));
  // The policy lists the hash of each inline script of this very document, so the page and its policy are
  // the same bytes for every shopper and can be cached. Vite's dev server injects inline scripts and styles
  // of its own, so development goes without.
  if (import.meta.env.PROD) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(html));
  const body = request.method.toUpperCase() === 'HEAD' ? null : html;
  return new Response(body, { status: responseStatusCode, headers: responseHeaders });
}

/** The whole document as text; stops rendering as soon as the client has gone (the request's signal). */
function renderDocument(request: Request, routerContext: EntryContext, setStatus: (status: number) => void) {
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        settled = true;
        const body = new PassThrough();
        pipe(body);
        resolve(text(body));
      },
      onShellError: reject,
      onError(error: unknown) {
        setStatus(500);
        // Errors before the document is ready reach handleError through React Router; log only later ones.
        if (settled) logError(error, request);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1000);
    timer.unref();
    request.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        abort(request.signal.reason);
      },
      { once: true },
    );
  });
}

/** Expected outcomes (unknown URLs, aborted requests) are not crashes, so they are not logged as errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError(error, request);
};

function logError(error: unknown, request: Request) {
  const { pathname, search } = new URL(request.url);
  log.error('render error', {
    requestId: request.headers.get('x-request-id') ?? undefined,
    method: request.method,
    path: (pathname + search).slice(0, 512),
    error,
  });
}
