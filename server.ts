/**
 * The one server for development and production: Express 5 in front of React Router's request handler.
 * `npm run dev` serves through Vite's middleware with hot reload; `npm start` serves the production build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Express } from 'express';
import type { ServerBuild } from 'react-router';

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.join(root, 'build');

export type AppOptions = {
  /** 'production' serves build/; 'development' runs Vite in middleware mode. */
  mode?: 'production' | 'development';
  /** Log one line per request (tests turn it off). */
  log?: boolean;
};

export type App = { app: Express; close: () => Promise<void> };

export async function createApp({ mode = modeFromEnv(), log = true }: AppOptions = {}): Promise<App> {
  const app = express();
  app.disable('x-powered-by');

  // One line per request, written when the response finishes, so operators see status and timing.
  if (log) app.use(requestLog);

  // Compress text responses: HTML, CSS and JS shrink several times over.
  app.use(compression());

  // Liveness probe: answers before any page machinery, so it stays fast under load.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('text/plain').send('ok');
  });

  let closeDev = async () => {};
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (mode === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
    // Vite serves source modules and hot-reload updates, and passes everything else on.
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    closeDev = () => devServer.close();
  } else {
    const serverEntry = path.join(buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry)) throw new Error(`No production build at ${serverEntry}: run \`npm run build\` first.`);
    // Hashed file names change with their content, so browsers and CDNs may keep them for a year.
    app.use(
      '/assets',
      express.static(path.join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }),
    );
    // Other public files (favicon, images) keep their names, so they are cached for an hour only.
    app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false, redirect: false }));
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  }

  // Everything else is a page (or a 404 page) rendered by React Router.
  app.all('/{*splat}', createRequestHandler({ build, mode }));

  return { app, close: closeDev };
}

function modeFromEnv(): 'production' | 'development' {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

function requestLog(req: express.Request, res: express.Response, next: express.NextFunction) {
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
}

if (import.meta.main) {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST;
  const { app, close } = await createApp();
  const server = app.listen(port, host ?? '0.0.0.0', () => {
    console.log(`Storefront (${modeFromEnv()}) listening on http://${host ?? 'localhost'}:${port}`);
  });
  const shutdown = (signal: string) => {
    console.log(`${signal}: closing`);
    server.close(() => void close().then(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
