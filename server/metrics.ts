/**
 * Prometheus metrics with prom-client, served on their own port (METRICS_PORT) so the proxy in front never
 * exposes them. Every label takes values from a small fixed set: a route pattern, never a raw URL, so a
 * crawler walking a million query strings cannot grow the number of series (each one costs memory here and
 * in Prometheus). See docs/decisions/0014-fleet-proxy-kubernetes-metrics.md.
 */
import type { RequestListener } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ShedReason } from './admission.ts';
import { expectationUnmet, hasBody } from './connections.ts';
import { healthAnswer, type Readiness } from './health.ts';
import { ABSOLUTE_FORM, reads } from './middleware.ts';

/** A registry of our own (not prom-client's global one), so nothing a dependency registers leaks in. */
export const registry = new Registry();

// Process metrics: CPU, resident memory, heap by space, event-loop lag, GC pauses, handles.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request reaching Express to the response ending, by route pattern, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

const pageCacheRequests = new Counter({
  name: 'page_cache_requests_total',
  help: 'Page requests answered from the rendered-page cache (hit) or rendered for it (miss).',
  labelNames: ['result'] as const,
  registers: [registry],
});
// Both series exist from the start, so a hit ratio is defined before the first miss.
pageCacheRequests.labels('hit').inc(0);
pageCacheRequests.labels('miss').inc(0);

const pageCacheBytes = new Gauge({
  name: 'page_cache_bytes',
  help: 'Bytes held by the rendered-page cache (bodies in every stored encoding).',
  registers: [registry],
});

const pageCacheEntries = new Gauge({
  name: 'page_cache_entries',
  help: 'Pages held by the rendered-page cache.',
  registers: [registry],
});

const pageCacheNotRefreshed = new Counter({
  name: 'page_cache_refresh_failures_total',
  help: 'Refreshes of stored pages that failed (a 5xx, an error, the time limit): such a page is served older than its freshness until one succeeds.',
  registers: [registry],
});

const renderDuration = new Histogram({
  name: 'render_duration_seconds',
  help: 'Time React Router takes to render a page (cache misses and uncached pages).',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/** For the page handler: one page request answered from its cache or not. */
export function recordPageCache(result: 'hit' | 'miss'): void {
  pageCacheRequests.labels(result).inc();
}

const rendersShed = new Counter({
  name: 'render_shed_total',
  help: 'Requests answered 503 with Retry-After: too many renders waiting (queue_full), waited too long (deadline), too many request bodies held (bodies_full), or a render that ran too long (render_timeout).',
  labelNames: ['reason'] as const,
  registers: [registry],
});
rendersShed.labels('queue_full').inc(0);
rendersShed.labels('deadline').inc(0);
rendersShed.labels('bodies_full').inc(0);
rendersShed.labels('render_timeout').inc(0);

const rendersWaiting = new Gauge({
  name: 'render_queue_waiting',
  help: 'Renders waiting for their turn, with the requests that wait to share them.',
  registers: [registry],
});

/** For the page handler and the body limit: a request refused, and why. */
export function recordShed(reason: ShedReason): void {
  rendersShed.labels(reason).inc();
}

/** For the page handler: how many renders wait now. */
export function setRendersWaiting(renders: number): void {
  rendersWaiting.set(renders);
}

/** For the page handler: what its cache holds after a change. */
export function setPageCacheSize(bytes: number, entries: number): void {
  pageCacheBytes.set(bytes);
  pageCacheEntries.set(entries);
}

/** For the page handler: a stored page's refresh failed. */
export function recordNotRefreshed(): void {
  pageCacheNotRefreshed.inc();
}

/** For the page handler: how long one render took. */
export function observeRender(seconds: number): void {
  renderDuration.observe(seconds);
}

const METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * The route label: the pattern a handler put in `res.locals.route` (the page handler sets the route's pattern,
 * `/products.data` for its data, `/*` for unknown pages: server/page-url.ts), else a class of the path. Never
 * the path itself.
 */
export function routeLabel(req: Request, res: Response): string {
  const route: unknown = res.locals.route;
  if (typeof route === 'string' && route.length <= 100) return route;
  const pathname = req.path;
  if (pathname === '/healthz' || pathname === '/readyz') return pathname;
  if (pathname.startsWith('/assets/')) return '/assets';
  // Public files (favicon, images, robots.txt before a route claims it) have an extension; pages do not.
  if (/\.[a-z0-9]{1,8}$/i.test(pathname)) return 'static';
  return 'other';
}

/** Times every response; mount it early so rejected requests (4xx from the guards) count too. */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const end = requestDuration.startTimer();
  // 'close' also fires when the client goes away before the response ended: counted as status "aborted".
  res.once('close', () => {
    end({
      route: routeLabel(req, res),
      method: METHODS.has(req.method) ? req.method : 'other',
      status: res.writableFinished ? String(res.statusCode) : 'aborted',
    });
  });
  next();
};

/** Connections the metrics port keeps open at once: scrapers and probes, a few at a time. */
export const METRICS_MAX_CONNECTIONS = 1_000;

/**
 * The metrics port's requests: GET or HEAD /metrics in Prometheus's text format, the health checks
 * (server/health.ts), 405 to another method on those paths and 404 to anything else. The server around it has
 * the pages' connection limits (server/connections.ts).
 */
export function metricsHandler(readiness: () => Readiness): RequestListener {
  // The text takes some 70 KB and a few ms to make: requests that arrive while it is being made share it, so
  // a burst of scrapes makes it once, not once each.
  let rendering: Promise<string> | undefined;
  const metricsText = () =>
    (rendering ??= registry.metrics().finally(() => {
      rendering = undefined;
    }));
  return (req, res) => {
    // An absolute-form target (`GET http://host/metrics`) names its path after the authority (RFC 9112, 3.2.2).
    const target = req.url ?? '';
    const path = (ABSOLUTE_FORM.exec(target)?.[2] ?? target).split('?')[0];
    const read = reads(req);
    // Nothing here reads a body: the connection closes after the answer rather than read and drop one sent along.
    if (hasBody(req)) res.shouldKeepAlive = false;
    // As Node would answer it itself, had the server not taken other expectations for the shop (server/connections.ts).
    if (expectationUnmet(req)) {
      res.writeHead(417, { 'Content-Type': 'text/plain' }).end('Expectation Failed');
      return;
    }
    if (read && (path === '/healthz' || path === '/readyz')) {
      const { status, body } = healthAnswer(path, readiness());
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(body);
      return;
    }
    if (path !== '/metrics' && path !== '/healthz' && path !== '/readyz') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    if (!read) {
      res.writeHead(405, { 'Content-Type': 'text/plain', Allow: 'GET, HEAD' }).end('Method Not Allowed');
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  };
}
