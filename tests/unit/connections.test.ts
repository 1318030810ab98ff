import { createServer, ServerResponse, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { queryObjects } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONNECTION_WORST_BYTES,
  connectionsForMemory,
  createLimitedServer,
  MAX_CONNECTIONS,
  MAX_HEADER_BYTES,
  MAX_PIPELINED_REQUESTS,
  oneRequestAtATime,
} from '../../server/connections.ts';
import { listen, type Listening } from '../../server/listeners.ts';
import { METRICS_MAX_CONNECTIONS } from '../../server/metrics.ts';
import { header, rawRequest } from '../support/raw-http.ts';

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

// A connection that sends a request head just short of the header limit, and not its end, holds it outside V8's
// heap until the headers timeout: 9,500 of them took the image's server past its pod's 256 MiB (0013).
describe('the default connection limit in a container with a memory limit', () => {
  const MiB = 1024 * 1024;
  const pageCacheBytes = 32 * MiB;

  it('is MAX_CONNECTIONS without a limit', () => {
    expect(connectionsForMemory(undefined, { pageCacheBytes })).toBe(MAX_CONNECTIONS);
  });

  it('holds every connection at its worst, beside the busy process and its page cache, in the image’s 256 MiB pod', () => {
    const limit = connectionsForMemory(256 * MiB, { pageCacheBytes, otherConnections: METRICS_MAX_CONNECTIONS });
    // The pod's connections, the metrics port's and a full page cache leave the busy process (measured at
    // 136–140 MB under a render burst) at least that much.
    const left = 256 * MiB - (limit + METRICS_MAX_CONNECTIONS) * CONNECTION_WORST_BYTES - pageCacheBytes;
    expect(left).toBeGreaterThanOrEqual(140 * MiB);
    expect(limit).toBeGreaterThanOrEqual(1_000);
  });

  it('counts a full request head in a connection’s worst', () => {
    expect(CONNECTION_WORST_BYTES).toBeGreaterThan(MAX_HEADER_BYTES);
  });

  it('is lower with a larger page cache or the metrics port, and never below a few hundred', () => {
    const pod = 256 * MiB;
    const plain = connectionsForMemory(pod, { pageCacheBytes });
    expect(connectionsForMemory(pod, { pageCacheBytes: 64 * MiB })).toBeLessThan(plain);
    expect(connectionsForMemory(pod, { pageCacheBytes, otherConnections: 1_000 })).toBeLessThan(plain);
    expect(connectionsForMemory(160 * MiB, { pageCacheBytes })).toBe(256);
  });

  it('grows with the memory, up to MAX_CONNECTIONS', () => {
    const at = (mb: number) => connectionsForMemory(mb * MiB, { pageCacheBytes, otherConnections: 1_000 });
    expect(at(384)).toBeGreaterThan(at(256));
    expect(at(1024)).toBe(MAX_CONNECTIONS);
  });
});

// Past the limit, the connection idle longest makes room (0013): refusing the newest let a thousand connections
// that sent nothing lock the probes out of the metrics port for as long as they were reopened.
describe.skipIf(process.platform !== 'linux')('past the connection limit, across the port’s sockets', () => {
  let release = () => {};
  let listening: Listening | undefined;
  afterEach(async () => {
    release();
    for (const socket of sockets.splice(0)) socket.destroy();
    if (listening) await new Promise<void>((resolve) => listening!.close(resolve));
    listening = undefined;
  });

  /** A limited server of 10 connections on four sockets; GET /hold is answered only once released. */
  async function limited() {
    const held = new Promise<void>((resolve) => (release = resolve));
    const limitedServer = createLimitedServer({ maxConnections: 10 });
    limitedServer.on(
      'request',
      oneRequestAtATime((req, res) => {
        if (req.url === '/hold') void held.then(() => res.end('late'));
        else res.end('ok');
      }),
    );
    listening = await listen(limitedServer, 0, '127.0.0.1', 4);
    return listening.port;
  }

  /** A new connection that sends `payload`, and whether it is answered (true) or closed unanswered (false). */
  function open(port: number, payload: string, wait = true) {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    const answered = new Promise<boolean>((resolve) => {
      socket.once('data', () => resolve(true));
      socket.once('close', () => resolve(false));
    });
    socket.write(payload);
    return { socket, answered: wait ? answered : Promise.resolve(true) };
  }
  const closed = (socket: Socket) =>
    socket.destroyed || new Promise<boolean>((resolve) => setTimeout(() => resolve(socket.destroyed), 100));

  it('a new connection takes the place of the one idle longest, whichever socket accepted either', async () => {
    const port = await limited();
    const connections = [];
    for (let i = 0; i < 15; i++) {
      // Only a connection idle for a second or more is closed to make room.
      if (i === 10) await new Promise((resolve) => setTimeout(resolve, 1_100));
      const connection = open(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await connection.answered, `connection ${i} answered`).toBe(true);
      connections.push(connection.socket);
    }
    const gone = await Promise.all(connections.map(closed));
    expect(gone).toEqual([...Array(5).fill(true), ...Array(10).fill(false)]);
  });

  it('closes no connection idle for less than a second: a request on its way may not have been read yet', async () => {
    const port = await limited();
    const connections = [];
    for (let i = 0; i < 10; i++) {
      const connection = open(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await connection.answered;
      connections.push(connection.socket);
    }
    expect(await open(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n').answered, 'the new one').toBe(false);
    expect(await Promise.all(connections.map(closed))).toEqual(Array(10).fill(false));
  });

  it('replaces a connection that has not finished its request, and keeps one with a request under way', async () => {
    const port = await limited();
    const busy = Array.from({ length: 5 }, () => open(port, 'GET /hold HTTP/1.1\r\nHost: x\r\n\r\n', false).socket);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const partial = Array.from({ length: 5 }, () => open(port, 'GET / HTTP/1.1\r\nHost: x\r\nCookie: a', false).socket);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (let i = 0; i < 5; i++) {
      expect(await open(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n').answered).toBe(true);
    }
    expect(await Promise.all(partial.map(closed))).toEqual(Array(5).fill(true));
    expect(await Promise.all(busy.map(closed))).toEqual(Array(5).fill(false));
  });

  it('refuses a new connection when every open one has a request under way, and takes it once one has been idle a second', async () => {
    const port = await limited();
    for (let i = 0; i < 10; i++) open(port, 'GET /hold HTTP/1.1\r\nHost: x\r\n\r\n', false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await open(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n').answered).toBe(false);
    release();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await open(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n').answered).toBe(true);
  });
});

// A close after a send timeout left what the kernel held for the client (up to 4 MB a connection) to go after
// the FIN: an orphaned socket kept that memory for minutes after the process let go (an attack run, 30 clients
// that read nothing: 117 MB). A reset frees it at once.
// Also when the request declared a body it never sent: the client is not reading an answer already on its way, which
// is not a body that stopped arriving (that one gets a 408, server/connections.ts).
it.each([
  ['a GET', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['a GET declaring a body it never sends', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n'],
])(
  'resets a connection whose response to %s makes no progress, instead of closing it behind the data queued for it',
  async (_, request) => {
    server = createLimitedServer({ sendTimeout: 300 });
    server.on(
      'request',
      oneRequestAtATime((_req, res) => res.end(Buffer.alloc(32 * 1024 * 1024))),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.pause();
    socket.write(request);
    // Long past the timeout (which may let a first expiry pass), then read what there is.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ended = new Promise<string>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      socket.on('end', () => resolve('end'));
    });
    socket.resume();
    expect(await ended).toBe('ECONNRESET');
  },
);

// Only a POST's body is read (limitBody): sent with another method, it was read and dropped for as long as the client
// sent it (a review: 1.2–1.7 GB in 2–3 s on one connection).
it.each(['GET', 'HEAD', 'DELETE'])(
  'closes the connection after answering a %s that comes with a body',
  async (method) => {
    server = createLimitedServer();
    server.on(
      'request',
      oneRequestAtATime((_req, res) => res.end('ok')),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const response = await rawRequest(
      port,
      `${method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000000\r\n\r\nabc`,
    );
    expect(response.status).toBe(200);
    expect(header(response.head, 'Connection')).toBe('close');
  },
);
