import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

// Live bindings: a test file imports these and reads them once its beforeAll has run.
export let server: RunningServer;
export let browser: Browser;

/** The real production server on a free port for this test file, closed after it. */
export function useServer(): void {
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());
}

/** The server and Debian's Chromium for this test file, both closed after it. */
export function useServerAndBrowser(): void {
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}
