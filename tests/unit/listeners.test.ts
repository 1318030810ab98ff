import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type Listening } from '../../server/listeners.ts';

// docs/decisions/0025-several-listening-sockets.md. Linux spreads the connections over the sockets, so most of
// these tests' connections are accepted by a socket other than the HTTP server's own and handed to it.
const SOCKETS = 4;

let server: Server | undefined;
let listening: Listening | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  if (listening) await new Promise<void>((resolve) => listening!.close(resolve));
  listening = undefined;
  server = undefined;
});

async function start(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  listening = await listen(server, 0, '127.0.0.1', SOCKETS);
  return listening.port;
}

/** Sends `request` on a new connection and resolves with everything received until the server closes it. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(request);
  });
}

describe.skipIf(process.platform !== 'linux')('several listening sockets on one port', () => {
  it('hands every connection to the HTTP server, whichever socket accepted it', async () => {
    const port = await start((_req, res) => res.end('ok'));
    expect(listening!.sockets).toBe(SOCKETS);
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')),
    );
    expect(answers.filter((answer) => answer.startsWith('HTTP/1.1 200 OK') && answer.endsWith('ok'))).toHaveLength(64);
  });

  it('sends an answer written in pieces at once (no Nagle delay on handed-over connections)', async () => {
    // Head and body in two writes, the second a moment later: with Nagle's algorithm on, the body waits for the
    // client to acknowledge the head, which a client delays up to 40 ms.
    const port = await start((_req, res) => {
      res.writeHead(200, { 'Content-Length': '2' }).flushHeaders();
      setImmediate(() => res.end('ok'));
    });
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        for (let i = 0; i < 40; i++) {
          const start = performance.now();
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
          let received = '';
          await new Promise<void>((resolve) => {
            const onData = (chunk: Buffer) => {
              received += chunk.toString('latin1');
              if (!received.endsWith('\r\n\r\nok')) return;
              socket.off('data', onData);
              resolve();
            };
            socket.on('data', onData);
          });
          times.push(performance.now() - start);
        }
      }),
    );
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)], 'median ms of a request').toBeLessThan(20);
  });

  it('on close, stops accepting on every socket and calls back once every connection has closed', async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const port = await start((_req, res) => void finished.then(() => res.end('ok')));
    const answers = Array.from({ length: 16 }, () =>
      exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closed = false;
    const current = listening!;
    listening = undefined;
    const done = new Promise<void>((resolve) => current.close(resolve)).then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed, 'closed with requests in flight').toBe(false);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => (socket.destroy(), resolve(false)));
      socket.on('error', () => resolve(true));
    });
    expect(refused, 'a new connection is refused').toBe(true);
    finish();
    expect((await Promise.all(answers)).filter((answer) => answer.endsWith('ok'))).toHaveLength(16);
    await done;
    expect(closed).toBe(true);
  });
});
