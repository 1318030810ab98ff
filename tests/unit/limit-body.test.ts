import type { Server } from 'node:http';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, type ShedReason } from '../../server/admission.ts';
import { setLogLevel } from '../../server/log.ts';
import { limitBody } from '../../server/middleware.ts';

setLogLevel('silent');

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** limitBody holding at most `maxHeldBytes`, before a handler that answers only when told to. */
async function serve(maxHeldBytes: number) {
  const shed: ShedReason[] = [];
  const waiting: Array<() => void> = [];
  const received: number[] = [];
  const app = express();
  app.use(limitBody({ maxHeldBytes, onShed: (reason) => shed.push(reason) }));
  app.post('/form', (req, res) => {
    received.push((req.body as Buffer).length);
    waiting.push(() => res.end('done'));
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  const post = (bytes: number) =>
    fetch(`http://127.0.0.1:${port}/form`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'a'.repeat(bytes),
    });
  return { post, shed, waiting, received };
}

it('sheds a body that would pass the bytes held at once, unread, and takes bodies again once a response is done', async () => {
  const { post, shed, waiting, received } = await serve(1_000);
  const first = post(600);
  await expect.poll(() => received).toEqual([600]);
  // 600 + 600 would pass 1,000: refused before its body is read, the connection closed.
  const refused = await post(600);
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(refused.headers.get('connection')).toBe('close');
  expect(shed).toEqual(['bodies_full']);
  expect(received).toEqual([600]);
  // 600 + 400 fits.
  const small = post(400);
  await expect.poll(() => received).toEqual([600, 400]);
  for (const answer of waiting.splice(0)) answer();
  expect((await first).status).toBe(200);
  expect((await small).status).toBe(200);
  // Both responses are done: their bytes are free again.
  const again = post(1_000);
  await expect.poll(() => received).toEqual([600, 400, 1_000]);
  waiting.shift()!();
  expect((await again).status).toBe(200);
  expect(shed).toEqual(['bodies_full']);
});
