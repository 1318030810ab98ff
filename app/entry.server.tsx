import { finished, Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { StylesheetText } from './components/shell/DocumentLinks/DocumentLinks';
import { contentSecurityPolicy, developmentPolicy } from './lib/csp';
import { deferScripts } from './lib/deferred-scripts';
import { inlineStylesheets, stylesheetPlaceholder } from './lib/stylesheets.server';
import { log, warnAtMostEvery } from '../server/log';

// Pages render from static fixtures, so waiting for the whole document costs nothing and every response
// is complete HTML; the timeout only guards against a render that never settles.
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  // The document's bytes, which the steps below cut into pieces (views of those bytes, each element whole in one
  // piece) and add to, never as text: the markup they look for is ASCII, and every copy of a page's bytes, as a
  // string or a buffer, is memory V8 counts and collects (docs/performance.md, "Pages rendered per request").
  const page = await renderDocument(request, routerContext, (status) => (responseStatusCode = status));
  // Scripts wait until the page has painted (0022); development keeps React Router's document as it is.
  const deferred = import.meta.env.PROD ? deferScripts(page) : [page];
  // Last, the stylesheets the page inlines, written as bytes into the places the render left for them (0022).
  const { document, sources } = inlineStylesheets(deferred);
  // The policy lists the hash of each inline script and stylesheet of this very document, so the page and its
  // policy are the same bytes for every shopper and can be cached. Vite's dev server injects inline scripts and
  // styles of its own: development reports what production would block, and blocks nothing.
  if (import.meta.env.PROD) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(deferred, sources));
  else responseHeaders.set('Content-Security-Policy-Report-Only', developmentPolicy());
  const body = request.method.toUpperCase() === 'HEAD' ? null : bodyOf(document);
  return new Response(body, { status: responseStatusCode, headers: responseHeaders });
}

/** A response body of the pieces, joined: a Response given the bytes themselves would copy them once more. */
function bodyOf(pieces: Buffer[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(Buffer.concat(pieces));
      controller.close();
    },
  });
}

/**
 * The whole document, as bytes; stops rendering as soon as the client has gone (the request's signal), or once
 * it has run past the stream timeout.
 */
function renderDocument(request: Request, routerContext: EntryContext, setStatus: (status: number) => void) {
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    let abortRender: (reason?: unknown) => void = () => {};
    const onAbort = () => abortRender(request.signal.reason);
    const timer = setTimeout(() => abortRender(), streamTimeout + 1000);
    timer.unref();
    request.signal.addEventListener('abort', onAbort, { once: true });
    // The timer and the listener reach the whole render (through its abort function): both go as soon as it
    // is done, or every finished render stayed in memory until its timer ran out (0018).
    const release = () => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
    };
    // The page inlines the stylesheets it needs (DocumentLinks in root.tsx): the render leaves a place for each,
    // which handleRequest fills with the build's bytes.
    const document = (
      <StylesheetText value={stylesheetPlaceholder}>
        <ServerRouter context={routerContext} url={request.url} />
      </StylesheetText>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      onAllReady() {
        settled = true;
        release();
        // React's chunks as they come (views of its own buffers), joined once it has written the last.
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
        finished(sink, (error) => (error ? reject(error) : resolve(Buffer.concat(chunks))));
        pipe(sink);
      },
      onShellError(error: unknown) {
        release();
        reject(error);
      },
      onError(error: unknown) {
        setStatus(500);
        // Errors before the document is ready reach handleError through React Router; log only later ones.
        if (settled) logError(error, request);
      },
    });
    abortRender = abort;
    // A signal aborted already (the client left while loaders ran) fires no event.
    if (request.signal.aborted) onAbort();
  });
}

/** Posts from another site come as fast as a page elsewhere can send them: one warning every 10 s at most. */
const warnRefusedOrigin = warnAtMostEvery(10_000, (refused, latest: Record<string, unknown>) =>
  log.warn({ ...latest, refused }, 'cross-origin form post refused'),
);

/** Expected outcomes (unknown URLs, aborted requests) are not crashes, so they are not logged as errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isRefusedOrigin(request)) {
    // React Router refuses a form post from another site (a possible CSRF attempt) with 400: worth a warning
    // for the operator, but the refusal is the correct outcome, not a fault.
    warnRefusedOrigin({ ...requestFields(request), origin: request.headers.get('origin')?.slice(0, 256) });
    return;
  }
  logError(error, request);
};

/**
 * The condition under which React Router refuses an action: an Origin header other than the request's own origin.
 * That includes `null`, the opaque origin browsers send from sandboxed frames, file: pages and some redirects, and
 * an empty Origin, neither of which is a URL: expected from clients, so logged as a refusal, not as a fault.
 */
function isRefusedOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (request.method === 'GET' || request.method === 'HEAD' || origin === null) return false;
  return URL.parse(origin)?.origin !== new URL(request.url).origin;
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
  log.error({ ...requestFields(request), error }, 'render error');
}
