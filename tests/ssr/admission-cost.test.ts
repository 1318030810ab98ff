/**
 * What the render queue's bounds are derived from (server/admission.ts; docs/decisions/0019): the heap one
 * waiting render holds, with its connection, and the heap one running render allocates. The constants there
 * must stay above what is measured here, or the bound they give no longer protects the heap.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import express from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { afterAll, expect, it } from 'vitest';
import { RUNNING_RENDER_BYTES, WAITING_RENDER_BYTES } from '../../server/admission.ts';
import { oneRequestAtATime } from '../../server/connections.ts';
import { setLogLevel } from '../../server/log.ts';
import { requestMetrics } from '../../server/metrics.ts';
import { limitBody, rejectBadInput, requestLog, securityHeaders } from '../../server/middleware.ts';
import { createPageHandler } from '../../server/page-handler.ts';
import { createPageUrls } from '../../server/page-url.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
setLogLevel('silent');

const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild;

async function liveHeap(): Promise<number> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const sockets: Socket[] = [];
let server: Server | undefined;
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  server?.closeAllConnections();
  server?.close();
});

it('a request waiting for a render holds less heap than WAITING_RENDER_BYTES, its connection included', async () => {
  // The server's own middleware in server.ts's order, and a page handler whose renders never finish, so
  // that every request past the first two waits.
  const release: Array<() => void> = [];
  let waiting = 0;
  const app = express();
  app.use(requestLog, requestMetrics, securityHeaders({ mode: 'production', hstsMaxAge: undefined }));
  app.use(rejectBadInput(), limitBody());
  app.all(
    '/{*splat}',
    createPageHandler({
      cache: false,
      handler: () => new Promise<Response>((resolve) => release.push(() => resolve(new Response('done')))),
      pageUrl: createPageUrls(build),
      admission: { maxWaiting: 10_000, maxWaitMs: 60_000 },
      observer: { waiting: (renders) => (waiting = renders) },
    }),
  );
  server = createServer(oneRequestAtATime(app));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const send = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      sockets.push(socket);
      socket.write(
        `GET /products?page=${(i % 12) + 1}&utm_source=s${i} HTTP/1.1\r\nHost: shop.example\r\n` +
          'Accept-Encoding: gzip, deflate, br, zstd\r\nCookie: consent=1; _ga=GA1.2.3\r\n\r\n',
      );
      return socket;
    });
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(condition(), `renders waiting: ${waiting}`).toBe(true);
  };

  /** Lets every render finish, those waiting too. */
  const finishAll = async () => {
    while (release.length > 0) {
      for (const done of release.splice(0)) done();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  // Warm the code path, then let those go.
  send(20);
  await until(() => waiting === 18);
  await finishAll();
  for (const socket of sockets.splice(0)) socket.destroy();

  const before = await liveHeap();
  const count = 500;
  send(count);
  await until(() => waiting === count - 2);
  const perRequest = ((await liveHeap()) - before) / count;
  console.log(`one waiting render with its connection: ${(perRequest / 1024).toFixed(1)} KB of heap`);
  expect(perRequest).toBeLessThan(WAITING_RENDER_BYTES);
  await finishAll();
});

it('a running render allocates less heap than RUNNING_RENDER_BYTES, garbage included', async () => {
  const handler = createRequestHandler(build, 'production');
  const render = async (path: string) => (await handler(new Request(`http://localhost${path}`))).text();
  for (let i = 0; i < 30; i++) for (const path of ['/', '/products', '/productDetails']) await render(path);
  let most = 0;
  for (const path of ['/', '/products', '/productDetails']) {
    await liveHeap();
    // Every byte allocated: what the heap grew by, plus what each collection in between took back.
    const profiler = new GCProfiler();
    const start = process.memoryUsage().heapUsed;
    profiler.start();
    await render(path);
    const end = process.memoryUsage().heapUsed;
    const collected = profiler
      .stop()!
      .statistics.reduce(
        (sum, { beforeGC, afterGC }) =>
          sum + beforeGC.heapStatistics.usedHeapSize - afterGC.heapStatistics.usedHeapSize,
        0,
      );
    const allocated = end - start + collected;
    console.log(`one render of ${path}: ${(allocated / 1024 / 1024).toFixed(2)} MB allocated`);
    most = Math.max(most, allocated);
  }
  expect(most).toBeLessThan(RUNNING_RENDER_BYTES);
});
