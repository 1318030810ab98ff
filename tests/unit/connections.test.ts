import { createServer, ServerResponse, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { queryObjects } from 'node:v8';
import { afterEach, expect, it } from 'vitest';
import { MAX_PIPELINED_REQUESTS, oneRequestAtATime } from '../../server/connections.ts';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.close();
});

// An idle keep-alive connection costs Node about 5 KB. It cost three times that while the connection manager's
// close listener kept the connection's first request and response alive (a 256 MiB replica ran out of heap
// at some 6,000 open connections).
it('keeps no request or response of an idle keep-alive connection alive', async () => {
  server = createServer(oneRequestAtATime((_req, res) => res.end('ok')));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const connections = 50;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => socket.once('data', resolve));
    }),
  );
  // The connections stay open, each answered; a full collection then finds what is still referenced.
  const responses = (await queryObjects(ServerResponse, { format: 'count' })) as number;
  expect(responses).toBeLessThan(connections / 10);
});

// Node reads the bodies of pipelined requests into memory whether or not anyone reads them (one request's
// unread body stops the reading; a request after it starts it again): 300 connections pipelining 63 KiB posts
// behind a request in flight took the image's server from 102 to 450 MB. A body may not be pipelined.
it('answers a request with a body pipelined behind another with 400 and closes, its body read and dropped', async () => {
  const seen: string[] = [];
  const release: Array<() => void> = [];
  server = createServer(
    oneRequestAtATime((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      release.push(() => res.end('ok'));
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  const body = 'a'.repeat(60_000);
  socket.write(
    'GET /first HTTP/1.1\r\nHost: x\r\n\r\n' +
      `POST /second HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
      'GET /third HTTP/1.1\r\nHost: x\r\n\r\n',
  );
  await expect.poll(() => seen).toEqual(['GET /first']);
  release.shift()!();
  await new Promise((resolve) => socket.once('close', resolve));
  // The first answered, the second refused in order, and the connection closed after it.
  expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 400']);
  expect(text).toMatch(/\r\nConnection: close\r\n/i);
  expect(seen).toEqual(['GET /first']);
});

it('counts requests with a body among the pipelined ones: past the limit the connection is closed', async () => {
  server = createServer(oneRequestAtATime(() => {}));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.write(
    'GET /held HTTP/1.1\r\nHost: x\r\n\r\n' +
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\na'.repeat(MAX_PIPELINED_REQUESTS + 1),
  );
  await new Promise((resolve) => socket.once('close', resolve));
});
