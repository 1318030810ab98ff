/**
 * The one server for development and production: Express 5 in front of React Router's request handler.
 * `npm run dev` serves through Vite's middleware with hot reload; `npm start` serves the production build.
 * Configuration comes from the environment; see docs/operating.md, "Environment".
 */
// First: on a Node.js too old for what follows, this stops the process with a message.
import './server/node-version.ts';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import express, { type Express } from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { log, setLogLevel, warnOfUnknownLogLevel, type Level } from './server/log.ts';
import {
  closeConnectionsAtRest,
  connectionsForMemory,
  createLimitedServer,
  KEEP_ALIVE_TIMEOUT_MS,
  memoryLimit,
  oneRequestAtATime,
} from './server/connections.ts';
import { listen, type Listening } from './server/listeners.ts';
import { maxWaitingFor, RENDER_CONCURRENCY, RENDER_DEADLINE_MS } from './server/admission.ts';
import {
  METRICS_MAX_CONNECTIONS,
  metricsHandler,
  observeRender,
  recordNotRefreshed,
  recordPageCache,
  recordShed,
  requestMetrics,
  setPageCacheSize,
  setRendersWaiting,
} from './server/metrics.ts';
import { healthAnswer, type Readiness } from './server/health.ts';
import {
  builtFiles,
  errorHandler,
  limitBody,
  precompressed,
  refuseAllButReads,
  rejectBadInput,
  requestLog,
  routable,
  securityHeaders,
} from './server/middleware.ts';
import { createPageHandler, DEFAULT_PAGE_CACHE_BYTES } from './server/page-handler.ts';
import { createPageUrls, type PageUrl } from './server/page-url.ts';
import { DEFAULT_ASSET_RETENTION_DAYS, openAssetStore, serveAssets } from './server/asset-store.ts';
import { buildVersion } from './server/version.ts';

// The project's root: this file's folder, or two up when running as build/node/server.js (`npm run build`
// compiles the server there for production; tsconfig.server.json).
const here = path.dirname(fileURLToPath(import.meta.url));
const root = here.endsWith(path.join('build', 'node')) ? path.resolve(here, '../..') : here;
const buildDir = path.join(root, 'build');

export type Mode = 'production' | 'development';

export type AppOptions = {
  /** 'production' serves build/; 'development' runs Vite in middleware mode. Default: from NODE_ENV. */
  mode?: Mode;
  /** Overrides LOG_LEVEL (tests pass 'silent'). */
  logLevel?: Level;
  /** Send HSTS with this max-age (seconds): only when the site is served over TLS. Default: HSTS_MAX_AGE. */
  hstsMaxAge?: number;
  /** Express's "trust proxy" setting, for running behind a load balancer. Default: TRUST_PROXY. */
  trustProxy?: boolean | number | string;
  /** Render each page once and reuse it (production only). Default: on unless PAGE_CACHE=off. */
  pageCache?: boolean;
  /** The most the page cache may hold, in MB. Default: PAGE_CACHE_MB, else 32. */
  pageCacheMb?: number;
  /**
   * The site's public origin, e.g. https://shop.example.com: pages see it as their URL's origin whatever the
   * request's Host, and shared caches may store them. Default: PUBLIC_URL.
   */
  publicUrl?: string;
  /**
   * A directory every replica of every version shares (a volume), from which /assets/ also serves other versions'
   * files, and to which this build adds its own (production only). Default: ASSET_STORE.
   */
  assetStore?: string;
  /** In development, the HTTP server Vite's hot-reload socket shares (else Vite opens a port of its own). */
  hmrServer?: Server;
  /** Renders under way at once (server/admission.ts). Default: RENDER_CONCURRENCY, else 2. */
  renderConcurrency?: number;
  /** How long the warm-up may hold readiness back (for tests). Default: the constant WARM_UP_LIMIT_MS, 10 s. */
  warmUpLimitMs?: number;
};

export type App = {
  app: Express;
  /** Marks the app as draining: /readyz answers 503 and responses ask clients to close their connection. */
  drain: () => void;
  /** What /readyz says: traffic welcome, or not yet (warming up), or no more (draining). */
  readiness: () => Readiness;
  /**
   * Renders the public pages (those sitemap.xml lists) once through the server at `origin`, /readyz
   * answering 503 meanwhile, so the first shoppers find them cached and the code warm.
   */
  warmUp: (origin: string) => Promise<void>;
  /** Releases what the app holds (Vite's dev server, the asset store's hourly upkeep). */
  close: () => Promise<void>;
};

export async function createApp(options: AppOptions = {}): Promise<App> {
  const mode = options.mode ?? modeFromEnv();
  if (options.logLevel) setLogLevel(options.logLevel);
  const hstsMaxAge = options.hstsMaxAge ?? numberFromEnv('HSTS_MAX_AGE');
  const trustProxy = options.trustProxy ?? trustProxyFromEnv();
  let draining = false;
  let warming = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  // In development the last-resort error answer says what went wrong (a route with a syntax error while it is
  // being edited), as Vite's own server would; in production never (errorHandler).
  app.locals.showErrors = mode === 'development';

  // Request id and one structured log line per request, so every response can be traced in the logs.
  app.use(requestLog);

  // Request durations for Prometheus, by route pattern, method and status (served on METRICS_PORT).
  app.use(requestMetrics);

  // Security headers on every response (helmet, and a CSP that pages replace with their own: see securityHeaders).
  app.use(securityHeaders({ mode, hstsMaxAge }));

  // While shutting down, ask keep-alive clients to reconnect elsewhere after this response.
  app.use((_req, res, next) => {
    if (draining) res.setHeader('Connection', 'close');
    next();
  });

  // Reject malformed or hostile requests with a clear 4xx before any handler has to cope with them.
  app.use(rejectBadInput());

  // Liveness: the process answers. Readiness: it should receive traffic (not once shutdown has begun). The
  // metrics port answers both too, on a listener of its own that a burst of shoppers does not queue (0019).
  // Exact paths only: Express would also route `/HEALTHZ` and `/healthz/` here, and answer them for readiness.
  const readiness = (): Readiness => (draining ? 'draining' : warming ? 'warming up' : 'ready');
  const health = express.Router({ caseSensitive: true, strict: true });
  health.get(['/healthz', '/readyz'], (req, res) => {
    const { status, body } = healthAnswer(req.path === '/healthz' ? '/healthz' : '/readyz', readiness());
    res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(body);
  });
  health.all(['/healthz', '/readyz'], (_req, res) => refuseAllButReads(res));
  app.use(health);

  let closeDev = async () => {};
  let closeStore = () => {};
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (mode === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({
      server: { middlewareMode: true, hmr: options.hmrServer ? { server: options.hmrServer } : true },
      appType: 'custom',
    });
    // Vite serves source modules and hot-reload updates, and passes everything else on. Its requests come by
    // the dozen per page, so they are logged at debug: the log shows the pages.
    app.use((req, res, next) => {
      res.locals.logAtDebug = true;
      devServer.middlewares(req, res, (error?: unknown) => {
        res.locals.logAtDebug = false;
        next(error);
      });
    });
    build = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    closeDev = () => devServer.close();
  } else {
    const serverEntry = path.join(buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry))
      throw new Error(`No production build at ${serverEntry}: run \`npm run build\` first.`);
    const clientDir = path.join(buildDir, 'client');
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const { version } = build.assets;
    // Which version answered, on every response from here on, and at /__version for tabs of another one.
    app.use(buildVersion(version));
    // Files compressed at build time (zopfli gzip, brotli 11) are sent as they are: smaller, and no CPU per request.
    app.use(precompressed(clientDir));
    const setHeaders = (res: express.Response, file: string) => {
      const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : undefined;
      if (!encoding) return;
      res.setHeader('Content-Encoding', encoding);
      res.type(path.extname(file.slice(0, -path.extname(file).length)));
    };
    // Hashed assets: this build's, then those of other versions in the shared asset store (ASSET_STORE), so a
    // page of any version finds its chunks on any replica during a roll-out and for days after (0021).
    const assetsDir = path.join(clientDir, 'assets');
    const storeDir = options.assetStore ?? (process.env.ASSET_STORE?.trim() || undefined);
    const store = storeDir
      ? await openAssetStore({
          dir: storeDir,
          assetsDir,
          version,
          retentionDays: numberFromEnv('ASSET_RETENTION_DAYS', DEFAULT_ASSET_RETENTION_DAYS),
        })
      : undefined;
    closeStore = () => store?.close();
    app.use('/assets', serveAssets({ assetsDir, store: store?.dir, setHeaders }));
    // Other public files (favicon, images) keep their names, so they are cached for an hour only.
    app.use(builtFiles(clientDir, { maxAge: '1h', index: false, redirect: false, setHeaders }));
  }

  // Bodies (form posts) are read whole, within a limit, before a page sees them, and only as many at once as
  // memory allows (past it, shed): see limitBody.
  app.use(limitBody({ onShed: recordShed }));

  // Everything else is a page (or a 404 page) rendered by React Router: each page once, then served from
  // memory like a static file.
  const pageCache = mode === 'production' && (options.pageCache ?? process.env.PAGE_CACHE !== 'off');
  const pageCacheMb = pageCacheMbOf(options);
  // A render waits on its loaders too: with a backend, more at once (docs/backend.md, "Throughput").
  const renderConcurrency = options.renderConcurrency ?? numberFromEnv('RENDER_CONCURRENCY', RENDER_CONCURRENCY)!;
  if (!Number.isInteger(renderConcurrency) || renderConcurrency < 1) {
    throw new Error(`RENDER_CONCURRENCY must be a whole number, at least 1, not ${renderConcurrency}`);
  }
  // (lru-cache refuses a size of 0 with a message about its options, not ours.)
  if (pageCache && !(pageCacheMb >= 1)) {
    throw new Error(`PAGE_CACHE_MB must be at least 1 (PAGE_CACHE=off turns the cache off), not ${pageCacheMb}`);
  }
  // A stored page's headers live in V8's heap (~3.5 KB of a ~20 KB page): a cache the heap cannot hold
  // beside the server's own ~25 MB, its renders and connections, and the young generation (the limit counts
  // it: 104 MB for the image's 80 MB old space) would end in an out-of-memory error, not in evictions (0018).
  const heapLimitMb = getHeapStatistics().heap_size_limit / 1024 / 1024;
  if (mode === 'production' && pageCacheMb / 4 + 72 > heapLimitMb) {
    log.warn(
      { pageCacheMb, heapLimitMb: Math.round(heapLimitMb) },
      'PAGE_CACHE_MB is large for the heap limit: raise --max-old-space-size by a quarter of it (docs/operating.md, Memory)',
    );
  }
  const publicUrl = options.publicUrl ?? publicUrlFromEnv();
  if (mode === 'production' && !publicUrl) {
    log.warn(
      'PUBLIC_URL is not set: pages name the Host each request gives and are private to browsers; set it in production',
    );
  }
  // What each URL means to its route (0020): read from the build once, or on each request in development,
  // where routes change as they are edited.
  const pageUrl =
    typeof build === 'function'
      ? async (url: URL) => createPageUrls(await (build as () => Promise<ServerBuild>)())(url)
      : createPageUrls(build);
  app.all(
    '/{*splat}',
    createPageHandler({
      handler: createRequestHandler(build, mode),
      cache: pageCache,
      cacheHeaders: mode === 'production',
      publicUrl,
      maxBytes: pageCache ? Math.floor(pageCacheMb * 1024 * 1024) : undefined,
      pageUrl,
      // Renders waiting are bounded by the heap there is for them, and by how long a shopper waits (0019).
      admission: {
        concurrency: renderConcurrency,
        maxWaiting: maxWaitingFor(getHeapStatistics().heap_size_limit, renderConcurrency),
        maxWaitMs: RENDER_DEADLINE_MS,
      },
      observer: {
        lookup: recordPageCache,
        size: setPageCacheSize,
        render: observeRender,
        shed: recordShed,
        waiting: setRendersWaiting,
        dropped: mode === 'development' ? warnOfDropped : undefined,
        notRefreshed: recordNotRefreshed,
      },
    }),
  );

  // Last resort: an error no handler answered. 4xx errors (a bad static path) keep their status;
  // anything else is logged once, with its stack, and answered without one.
  app.use(errorHandler);

  return {
    app,
    drain: () => {
      draining = true;
    },
    readiness,
    warmUp: async (origin) => {
      if (mode !== 'production') return;
      const warmUpLimitMs = options.warmUpLimitMs ?? WARM_UP_LIMIT_MS;
      warming = true;
      const started = performance.now();
      const deadline = started + warmUpLimitMs;
      // As many at once as renders run, and none started past the time limit: with a slow backend or a sitemap
      // of many products, readiness would otherwise wait for every page in turn. Those left are rendered on
      // request (one still under way when the time is up is stored when it is done).
      const queue: string[] = [];
      let timer: NodeJS.Timeout | undefined;
      try {
        const sitemap = await (
          await fetch(`${origin}/sitemap.xml`, { signal: AbortSignal.timeout(warmUpLimitMs) })
        ).text();
        for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
          const { pathname, search } = new URL(loc!.replaceAll('&amp;', '&'));
          queue.push(pathname + search);
        }
        // And the not-found page, which every unknown path shares (0020): bots and bursts ask for many.
        queue.push(NOT_FOUND_WARM_UP_PATH);
        const pages = queue.length;
        // Pages that did not render (a data source down at start): said, not hidden in a "warmed up".
        const failed: string[] = [];
        const warm = async () => {
          while (queue.length > 0 && performance.now() < deadline) {
            const page = queue.shift()!;
            const response = await fetch(origin + page, { headers: { 'accept-encoding': 'br, gzip' } });
            await response.arrayBuffer();
            if (response.status !== (page === NOT_FOUND_WARM_UP_PATH ? 404 : 200))
              failed.push(`${response.status} ${page}`);
          }
        };
        const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - performance.now())));
        await Promise.race([Promise.all(Array.from({ length: renderConcurrency }, warm)), timeUp]);
        const durationMs = Math.round(performance.now() - started);
        const left = queue.length;
        if (failed.length > 0 || left > 0) {
          log.warn({ pages, failed, left, durationMs }, 'warm-up: pages not stored; they are rendered on request');
        } else log.info({ pages, durationMs }, 'warmed up');
      } catch (error) {
        log.warn({ error: String(error) }, 'warm-up failed; pages will be rendered on first request');
      } finally {
        // Whatever happened, no page is started from now on (a failed request left the other workers going).
        queue.length = 0;
        clearTimeout(timer);
        warming = false;
      }
    },
    close: async () => {
      closeStore();
      await closeDev();
    },
  };
}

function modeFromEnv(): Mode {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

/** The most the page cache may hold, in MB. */
function pageCacheMbOf(options: AppOptions): number {
  return options.pageCacheMb ?? numberFromEnv('PAGE_CACHE_MB', DEFAULT_PAGE_CACHE_BYTES / 1024 / 1024)!;
}

function numberFromEnv(name: string, fallback?: number): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a non-negative number, not "${value}"`);
  return number;
}

/** PUBLIC_URL as an origin (no trailing slash), or undefined; anything that is not an http(s) origin fails. */
function publicUrlFromEnv(): string | undefined {
  const value = process.env.PUBLIC_URL?.trim();
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an origin such as https://shop.example.com, not "${value}"`);
  }
  return url.origin;
}

function trustProxyFromEnv(): boolean | number | string {
  const value = process.env.TRUST_PROXY?.trim();
  if (value === undefined || value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const droppedSaid = new Set<string>();

/**
 * In watch mode, a warning (once for each route and parameter) when a page is asked with a query parameter its
 * route's `handle.searchParams` does not list, which is left out of what its loaders and components see (0020): a
 * developer who adds `?season=` to a link otherwise finds the loader blind to it, and a component that reads it
 * from the browser's URL mismatches the server's render.
 */
function warnOfDropped(meaning: PageUrl): void {
  const names = meaning.dropped.map(([name]) => name).filter((name) => !droppedSaid.has(`${meaning.route} ${name}`));
  if (names.length === 0) return;
  for (const name of names) droppedSaid.add(`${meaning.route} ${name}`);
  log.warn(
    { route: meaning.route, dropped: [...new Set(names)] },
    "query parameters dropped: the route's handle.searchParams does not list them, so neither its loaders nor its components see them (docs/backend.md)",
  );
}

/**
 * How long the warm-up may hold readiness back at most: with the fixtures it takes a second or two, with a backend as
 * long as its pages take; past it the replica is ready and the pages not warmed are rendered on request.
 */
const WARM_UP_LIMIT_MS = 10_000;

/** An unknown path the warm-up asks for, so the not-found page is stored before the first shopper. */
const NOT_FOUND_WARM_UP_PATH = '/warm-up/not-found';

/** After SIGTERM, how long connections that look idle may still deliver a request already sent. */
const IDLE_GRACE_MS = 1_000;

export type ListenOptions = {
  port?: number;
  host?: string;
  /** How long requests in flight may take to finish after SIGTERM before the process exits anyway. */
  shutdownTimeoutMs?: number;
  /** After SIGTERM, how long the server keeps accepting connections (unready) before it stops. */
  shutdownDelayMs?: number;
  /** Idle keep-alive time; behind a load balancer, set it above the balancer's own idle timeout. */
  keepAliveTimeoutMs?: number;
  /**
   * Connections open at once; past it, a new one takes the place of the one idle longest, or is refused when none
   * is idle. Default: MAX_CONNECTIONS, else as many as the container's memory limit holds at their worst, at
   * most 10,000 (`connectionsForMemory`).
   */
  maxConnections?: number;
  /** Serve Prometheus metrics on this port (0: any free port); unset: no metrics server. Default: METRICS_PORT. */
  metricsPort?: number;
};

/** Starts the HTTP server with deliberate timeouts and limits, and a graceful shutdown on SIGTERM/SIGINT. */
export async function start(options: ListenOptions & AppOptions = {}): Promise<Server> {
  // Said at once, not left to be found when the lines an operator wanted are missing.
  warnOfUnknownLogLevel();
  const port = options.port ?? numberFromEnv('PORT', 3000)!;
  const mode = options.mode ?? modeFromEnv();
  // Watch mode serves the source, `.server` modules included: to this machine only, unless HOST says otherwise.
  // (127.0.0.1 rather than localhost, which may resolve to ::1 alone; browsers reach it as localhost either way.)
  const host = options.host ?? process.env.HOST ?? (mode === 'development' ? '127.0.0.1' : '0.0.0.0');
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? numberFromEnv('SHUTDOWN_TIMEOUT_MS', 10_000)!;
  const shutdownDelayMs = options.shutdownDelayMs ?? numberFromEnv('SHUTDOWN_DELAY_MS', 1_000)!;
  // The timeout counts from the signal: one no longer than the delay would end every shutdown in exit 1.
  if (!(shutdownTimeoutMs > shutdownDelayMs)) {
    throw new Error(
      `SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}) must be longer than SHUTDOWN_DELAY_MS (${shutdownDelayMs}): it counts from the signal`,
    );
  }
  const keepAliveTimeout = options.keepAliveTimeoutMs ?? numberFromEnv('KEEP_ALIVE_TIMEOUT_MS', KEEP_ALIVE_TIMEOUT_MS)!;
  const metricsPort = options.metricsPort ?? numberFromEnv('METRICS_PORT');
  // In a container, no more connections than its memory holds if each carries a request head at its largest.
  const memoryLimitBytes = memoryLimit();
  const maxConnections =
    options.maxConnections ??
    numberFromEnv('MAX_CONNECTIONS') ??
    connectionsForMemory(memoryLimitBytes, {
      pageCacheBytes: pageCacheMbOf(options) * 1024 * 1024,
      otherConnections: metricsPort === undefined ? 0 : METRICS_MAX_CONNECTIONS,
    });
  if (!(maxConnections >= 1)) throw new Error(`MAX_CONNECTIONS must be at least 1, not ${maxConnections}`);
  // Timeouts, header limits, pipelining, unread responses and requests per connection: server/connections.ts.
  const server = createLimitedServer({ maxConnections, keepAliveTimeout });
  const { app, drain, readiness, close, warmUp } = await createApp({ ...options, hmrServer: server });
  server.on('request', oneRequestAtATime(routable(app)));

  // Several sockets on the port, so that a burst of new connections is accepted as fast as it comes (0025).
  const listening = await listen(server, port, host);
  const actualPort = listening.port;
  log.info(
    {
      url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort}`,
      host,
      port: actualPort,
      mode,
      // What memory settings it runs with (runtime.env, or NODE_OPTIONS): the render queue is sized from it.
      heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024),
      // And the connection limit, which a container's memory limit may have lowered.
      maxConnections,
      memoryLimitMb: memoryLimitBytes === undefined ? null : Math.round(memoryLimitBytes / 1024 / 1024),
      sockets: listening.sockets,
    },
    'listening',
  );
  const metrics = await startMetricsServer(metricsPort, host, keepAliveTimeout, readiness);
  // Unready until the public pages are cached: a load balancer sends the first shoppers to warm code.
  const loopback = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  void warmUp(`http://${loopback}:${actualPort}`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutMs: shutdownTimeoutMs }, 'shutting down');
    setTimeout(() => {
      log.warn({ timeoutMs: shutdownTimeoutMs }, 'shutdown timed out; closing remaining connections');
      server.closeAllConnections();
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    // In development (npm run dev restarts the process on every edit of the server) there is no load balancer to
    // leave: stop at once. Vite's hot-reload socket in an open tab would hold a drain to its time limit.
    if (mode === 'development') {
      void close().then(() => process.exit(0));
      return;
    }
    drain();
    // Keep serving a moment after turning unready, as a load balancer needs a moment to stop sending, and so
    // that connections already queued in the kernel's backlog are accepted and answered, not reset.
    setTimeout(() => {
      // Node's close() also drops connections it thinks idle, and a connection whose request is still in
      // the socket buffer, not yet read, looks idle: give such requests a moment to be read first. Then every
      // connection with no request under way goes, one still sending its request's head included.
      const closeIdleConnections = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => {};
      // Stop accepting connections; requests already accepted run to completion.
      listening.close(() => {
        // Metrics stay scrapeable while draining; their server closes with the main one.
        metrics?.listening.close(() => {});
        metrics?.server.closeAllConnections();
        void close().then(() => {
          log.info({ signal }, 'stopped');
          process.exit(0);
        });
      });
      setTimeout(() => {
        server.closeIdleConnections = closeIdleConnections;
        closeConnectionsAtRest(server);
      }, IDLE_GRACE_MS).unref();
    }, shutdownDelayMs).unref();
  };
  // In watch mode an exception the app's code throws outside any request (a timer, a client library's callback)
  // is logged and the server goes on: the watcher restarts it only for server files, so it would stay down while
  // the app's code is fixed. Any other stays fatal, as in production, where the orchestrator starts a clean one.
  if (mode === 'development') {
    const appDirectory = path.resolve('app') + path.sep;
    process.on('uncaughtException', (error, origin) => {
      if (stopping || !String(error?.stack).includes(appDirectory)) throw error;
      log.error({ error, origin }, 'uncaught exception in the app (watch mode goes on)');
    });
  }
  // Every signal, not the first alone: a watcher may send a second while the first one's shutdown runs.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  return server;
}

/** The Prometheus endpoint on a port of its own, so the proxy in front (which forwards PORT) never exposes it. */
async function startMetricsServer(
  port: number | undefined,
  host: string,
  keepAliveTimeout: number,
  readiness: () => Readiness,
): Promise<{ server: Server; listening: Listening } | undefined> {
  if (port === undefined) return undefined;
  // The pages' limits, fewer connections: scrapers and probes, not shoppers (0013).
  const metricsServer = createLimitedServer({ maxConnections: METRICS_MAX_CONNECTIONS, keepAliveTimeout });
  metricsServer.on('request', oneRequestAtATime(metricsHandler(readiness)));
  // Several sockets, as the shop's port: on one, while the shop's work lengthened each turn of the event loop,
  // a flood of connections to this port filled its accept queue and the probes' connections were dropped
  // (an attack run; 0025).
  const listening = await listen(metricsServer, port, host);
  log.info(
    { port: listening.port, sockets: listening.sockets, paths: ['/metrics', '/healthz', '/readyz'] },
    'metrics listening',
  );
  return { server: metricsServer, listening };
}

if (import.meta.main) {
  process.on('unhandledRejection', (reason) => log.error({ error: reason }, 'unhandled rejection'));
  try {
    await start();
  } catch (error) {
    log.error({ error }, 'failed to start');
    process.exit(1);
  }
}
