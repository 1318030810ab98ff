import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { contentSecurityPolicy } from './lib/csp';
import { log } from './lib/log';
import { NonceContext } from './lib/nonce';

// Pages render from static fixtures, so waiting for the whole document costs nothing and every response
// is complete HTML; the timeout only guards against a render that never settles.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Vite's dev server injects inline scripts and styles, so the policy (and its nonce) is for production
  // builds only. Without a policy browsers leave nonce attributes visible, which hydration would report.
  const nonce = import.meta.env.PROD ? randomBytes(16).toString('base64') : undefined;
  if (nonce) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));

  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          settled = true;
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { status: responseStatusCode, headers: responseHeaders }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the document is ready reach handleError through React Router; log only later ones.
          if (settled) logError(error, request);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/** Expected outcomes (unknown URLs, aborted requests) are not crashes, so they are not logged as errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isRefusedOrigin(request)) {
    // React Router refuses a form post from another site (a possible CSRF attempt) with 400: worth a warning
    // for the operator, but the refusal is the correct outcome, not a fault.
    log.warn('cross-origin form post refused', { ...requestFields(request), origin: request.headers.get('origin')?.slice(0, 256) });
    return;
  }
  logError(error, request);
};

/** The condition under which React Router refuses an action: an Origin other than the request's own. */
function isRefusedOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (request.method === 'GET' || request.method === 'HEAD' || !origin || origin === 'null') return false;
  return !URL.canParse(origin) || new URL(origin).origin !== new URL(request.url).origin;
}

function requestFields(request: Request) {
  const { pathname, search } = new URL(request.url);
  return {
    requestId: request.headers.get('x-request-id') ?? undefined,
    method: request.method,
    path: (pathname + search).slice(0, 512),
  };
}

function logError(error: unknown, request: Request) {
  log.error('render error', { ...requestFields(request), error });
}
