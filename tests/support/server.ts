import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server.ts';
import { routable } from '../../server/middleware.ts';

export type RunningServer = { origin: string; close: () => Promise<void> };

/**
 * Starts the real production server (server.ts over build/) on a free port of 127.0.0.1: its app, each request's
 * target made routable before Express sees it, as `start()` does.
 */
export async function startServer(): Promise<RunningServer> {
  const { app, close } = await createApp({ mode: 'production', logLevel: 'silent' });
  const server = createServer(routable(app)).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    },
  };
}

/** GET a path and return status, headers and body text. */
export async function fetchPage(origin: string, path: string, init?: RequestInit) {
  const response = await fetch(origin + path, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}
