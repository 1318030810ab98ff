import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import express from 'express';
import { afterEach, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, type ShedReason } from '../../server/admission.ts';
import { createLimitedServer } from '../../server/connections.ts';
import { setLogLevel } from '../../server/log.ts';
import { limitBody } from '../../server/middleware.ts';

setLogLevel('silent');

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** limitBody holding at most `maxHeldBytes`, before a handler that answers only when told to. */
async function serve(maxHeldBytes: number, requestBytes = 0) {
  const shed: ShedReason[] = [];
  const waiting: Array<() => void> = [];
  const received: number[] = [];
  const app = express();
  app.use(limitBody({ maxHeldBytes, requestBytes, onShed: (reason) => shed.push(reason) }));
  app.post('/form', (req, res) => {
    received.push((req.body as Buffer).length);
    waiting.push(() => res.end('done'));
  });
  // The server the process makes, for its handling of `Expect: 100-continue`.
  server = createLimitedServer().on('request', app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  const post = (bytes: number) =>
    fetch(`http://127.0.0.1:${port}/form`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'a'.repeat(bytes),
    });
  return { post, port, shed, waiting, received };
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

/** Opens a connection and sends a POST's head declaring `declared` bytes, and `sent` bytes of its body. */
function startPost(port: number, declared: number, sent = 0, headers = ''): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${declared}\r\n${headers}\r\n${'a'.repeat(sent)}`,
  );
  return socket;
}

/** All a socket receives until the server closes it, or until `until` matches what has come. */
function received(socket: Socket, until?: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
      if (until?.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
}

it('counts the bytes that have arrived: clients that declare a body and send none do not shut out the rest', async () => {
  const { post, port, shed, waiting } = await serve(1_000);
  // Three clients declare 400 bytes each and stall: had declarations counted, 1,200 would be held.
  const stalled = [0, 1, 2].map(() => startPost(port, 400));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const answer = post(400);
  await expect.poll(() => waiting.length).toBe(1);
  waiting.shift()!();
  expect((await answer).status).toBe(200);
  expect(shed).toEqual([]);
  for (const socket of stalled) socket.destroy();
});

it('sheds the body that passes the bound as it arrives, when reads that began together would pass it', async () => {
  const { port, shed, received } = await serve(1_000);
  // Both begin with nothing held, so neither is refused unread; their bodies then arrive.
  const sockets = [startPost(port, 600), startPost(port, 600)];
  await new Promise((resolve) => setTimeout(resolve, 200));
  const answers = sockets.map(
    (socket) =>
      new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
      }),
  );
  for (const socket of sockets) socket.write('a'.repeat(600));
  await expect.poll(() => shed).toEqual(['bodies_full']);
  await expect.poll(() => received).toEqual([600]);
  const refused = await Promise.race(answers);
  expect(refused).toMatch(/^HTTP\/1\.1 503 /);
  expect(refused).toMatch(/\r\nConnection: close\r\n/i);
  for (const socket of sockets) socket.destroy();
});

it('counts each request whose body is awaited, so clients that declare bodies and send none are bounded too', async () => {
  const { post, port, shed, waiting } = await serve(3_500, 1_000);
  // Each holds a request (1,000) and no bytes: two fit with the post below, a third does not.
  const stalled = [startPost(port, 400), startPost(port, 400)];
  await new Promise((resolve) => setTimeout(resolve, 200));
  const answer = post(400);
  await expect.poll(() => waiting.length).toBe(1);
  const third = startPost(port, 1);
  await expect.poll(() => shed).toEqual(['bodies_full']);
  waiting.shift()!();
  expect((await answer).status).toBe(200);
  for (const socket of [...stalled, third]) socket.destroy();
});

it('tells a client that expects 100 Continue to send its body only once the body is wanted', async () => {
  const { port, shed, waiting, received: bodies } = await serve(1_000);
  const expectContinue = 'Expect: 100-continue\r\n';
  // Room for the body: told to go on, then answered once it has sent it.
  const welcome = startPost(port, 600, 0, expectContinue);
  expect(await received(welcome, /\r\n\r\n/)).toBe('HTTP/1.1 100 Continue\r\n\r\n');
  const answer = received(welcome, /\r\n\r\ndone$/);
  welcome.write('a'.repeat(600));
  await expect.poll(() => bodies).toEqual([600]);
  // No room for this one: the busy page at once, never asked for its body (Node alone sends 100 first).
  const refused = await received(startPost(port, 600, 0, expectContinue));
  expect(refused).toMatch(/^HTTP\/1\.1 503 /);
  expect(refused).not.toMatch(/100 Continue/);
  expect(shed).toEqual(['bodies_full']);
  waiting.shift()!();
  expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
  welcome.destroy();
});
