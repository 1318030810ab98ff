/**
 * A finished render must leave nothing behind. A timer that guarded each render against never settling
 * reached the whole render and was not cleared once it had settled, so every render stayed in memory for six
 * seconds: a burst of distinct URLs held 45 MB more heap than the server needed, and the image's capped heap
 * ran out (docs/decisions/0018-memory-of-a-rendering-server.md).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { expect, it } from 'vitest';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The heap still reachable, once the event loop has run what renders leave for its next turns. */
async function liveHeapMb(): Promise<number> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

it('100 renders of distinct URLs leave the live heap where it was', async () => {
  const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  const render = async (path: string) => {
    const response = await handler(new Request(`http://localhost${path}`));
    expect(response.status).toBe(200);
    await response.text();
  };
  // The first renders load and optimise code; what they leave is not per render.
  for (let i = 0; i < 60; i++) await render(`/products?warm=${i}`);
  const before = await liveHeapMb();
  for (let i = 0; i < 100; i++) await render(`/products?utm_campaign=c${i}`);
  const grown = (await liveHeapMb()) - before;
  expect(grown, 'MB of heap still reachable after the renders').toBeLessThan(2);
});
