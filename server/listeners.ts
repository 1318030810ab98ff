/**
 * The shop's port, listened on by several sockets at once (SO_REUSEPORT;
 * docs/decisions/0025-several-listening-sockets.md).
 *
 * Node accepts one new connection per listening socket per turn of its event loop, and a turn that renders a
 * page lasts milliseconds: a burst of thousands of new connections waited in the kernel's accept queue, taken
 * in a few hundred a second, where no deadline of ours counted their wait, the queue overflowed and clients
 * gave up unanswered (issue 20). With several sockets on the port, the kernel spreads new connections over
 * them and each accepts its own on the same turn. Every connection then goes to the one HTTP server, with its
 * timeouts, its limits and its request handler; the connection limit counts them all together.
 */
import type { Server } from 'node:http';
import { createServer, type Server as NetServer, type Socket } from 'node:net';

/** Listening sockets on the port where the platform spreads connections over them (Linux); one elsewhere. */
export const LISTENING_SOCKETS = process.platform === 'linux' ? 16 : 1;

/**
 * What Node's HTTP server asks of the sockets it accepts itself (lib/_http_server.js), and so of those handed to
 * it: a client may close its side once it has sent its request and still get the answer (half-open), and an
 * answer goes out at once, not held back by Nagle's algorithm until the client acknowledges the last bytes
 * (the client waits for that up to 40 ms: a page written in two pieces took that long more).
 */
const HTTP_SOCKET_OPTIONS = { allowHalfOpen: true, noDelay: true };

export type Listening = {
  /** The port listened on (the one asked for, or the one the system chose for port 0). */
  port: number;
  /** How many sockets listen on it. */
  sockets: number;
  /**
   * Stops accepting on every socket, as `server.close` does, and calls back once every connection, whichever
   * socket accepted it, has closed.
   */
  close: (done: () => void) => void;
};

/**
 * Listens with `sockets` sockets on `port`. Every connection goes to the server's 'connection' listeners,
 * whichever socket accepted it, so the connection limit there (server/connections.ts) counts them all.
 */
export async function listen(server: Server, port: number, host: string, sockets = LISTENING_SOCKETS) {
  if (sockets <= 1) {
    await listening(server, { port, host });
    return { port: portOf(server), sockets: 1, close: (done) => server.close(() => done()) } satisfies Listening;
  }
  // Sockets with SO_REUSEPORT of one user share a port without a word: a second server started on a port in use
  // must fail as it would without them, not take a share of the first one's connections.
  if (port !== 0) await listening(createServer(), { port, host }).then((probe) => probe.close());
  // Connections the other sockets accepted and handed over, still open: closing waits for them too.
  let handedOver = 0;
  let noneHandedOver = () => {};
  const handOver = (socket: Socket) => {
    handedOver++;
    socket.once('close', () => {
      if (--handedOver === 0) noneHandedOver();
    });
    server.emit('connection', socket);
  };
  await listening(server, { port, host, reusePort: true });
  const actualPort = portOf(server);
  const others = await Promise.all(
    Array.from({ length: sockets - 1 }, () =>
      listening(createServer(HTTP_SOCKET_OPTIONS, handOver), { port: actualPort, host, reusePort: true }),
    ),
  );
  const close = (done: () => void) => {
    for (const other of others) other.close();
    const ownClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    const handedOverClosed = new Promise<void>((resolve) =>
      handedOver === 0 ? resolve() : (noneHandedOver = resolve),
    );
    void Promise.all([ownClosed, handedOverClosed]).then(done);
  };
  return { port: actualPort, sockets, close } satisfies Listening;
}

function listening<T extends NetServer>(server: T, options: { port: number; host: string; reusePort?: boolean }) {
  return new Promise<T>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function portOf(server: NetServer): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
