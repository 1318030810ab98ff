/**
 * Limits per connection, so that one client cannot make the server hold unbounded memory or do unbounded work
 * (docs/decisions/0013-limits-for-impolite-clients.md).
 *
 * Node parses every request pipelined on a connection as soon as it arrives and starts each one at once; each
 * response then waits in memory until the client reads the ones before it. A client that pipelines thousands
 * of requests and never reads can so make the server render thousands of pages and keep them all. Here a
 * connection's requests are handled one after another instead: the next one starts only when the response
 * before it has been handed to the operating system, so a client that does not read stops its own traffic;
 * a connection with too many requests waiting is closed; and a queued request whose client has gone is never
 * started.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { totalmem } from 'node:os';
import { log, warnAtMostEvery } from './log.ts';

/** Requests a connection may have waiting behind the one being answered. Browsers never pipeline; nginx
 * and load balancers neither; the few clients that do send a handful at a time. */
export const MAX_PIPELINED_REQUESTS = 16;

/**
 * Requests answered on one keep-alive connection: the last is answered with `Connection: close` and the
 * connection is then closed, so no connection, however well-behaved, is held for ever. (Node's own
 * maxRequestsPerSocket answers a request sent after the last one with a 503 instead, which a proxy would
 * take for an overloaded server.)
 */
export const MAX_REQUESTS_PER_SOCKET = 1_000;

/**
 * A response that makes no progress this long (the client reads nothing) gets its connection reset. Node's socket
 * timer lets a first expiry pass when the response's writes went part of the way since they were made, so a
 * response that stalls after its first bytes is reset between 30 and 60 s.
 */
export const SEND_TIMEOUT_MS = 30_000;

/**
 * Connections open at once, at most, by default. Each costs some 3–5 KB of V8's heap, which the image caps
 * (0018): 10,000 fit with room to spare, and a replica behind a proxy sees a few dozen. Past it, a new
 * connection takes the place of an idle one, or is refused (`limitConnections`), so a flood of them cannot
 * exhaust the heap. In a container with a memory limit, fewer: `connectionsForMemory`.
 */
export const MAX_CONNECTIONS = 10_000;

/** The request line and headers of one request, at most: Node's default, made explicit. */
export const MAX_HEADER_BYTES = 16_384;

const MiB = 1024 * 1024;

/**
 * What one connection may cost in resident memory at worst: a request head just short of MAX_HEADER_BYTES,
 * which Node's parser keeps outside V8's heap while it arrives (up to the 10 s headers timeout), besides the
 * socket, the parser and their objects. Measured 2026-11-27 with the image's settings: 28–32 KB a connection
 * (2,000–5,000 connections, 16,000-byte heads), against 11 KB for a connection with a short partial head.
 */
export const CONNECTION_WORST_BYTES = 32 * 1024;

/**
 * The resident memory of the process at its busiest, connections and its page cache aside: 136–140 MB
 * measured with the image's settings under a burst of 1,500 never-seen URLs (2026-11-27), 101 MB at rest.
 */
const BUSY_PROCESS_BYTES = 144 * MiB;

/** Never fewer connections than this, whatever the memory: a shop that cannot take them needs more memory. */
const MIN_CONNECTIONS = 256;

/** The process's memory limit in bytes (its container's, from the cgroup), or undefined if it has none. */
export function memoryLimit(): number | undefined {
  const limit = process.constrainedMemory();
  // Without a limit the cgroup reports 0, or a number larger than the machine's memory.
  return limit > 0 && limit < totalmem() ? limit : undefined;
}

/**
 * The default connection limit for a process whose memory is limited to `limitBytes`: as many
 * connections as fit, each at its worst (a full request head held), beside the busy process, its full page
 * cache and its other servers' connections, so that no client can take the process past its limit by
 * opening them (0013). With the image's settings in its 256 MiB pod (metrics port on): 1,560. Without a
 * limit, or from 520 MiB up: MAX_CONNECTIONS.
 */
export function connectionsForMemory(
  limitBytes: number | undefined,
  { pageCacheBytes, otherConnections = 0 }: { pageCacheBytes: number; otherConnections?: number },
): number {
  if (limitBytes === undefined) return MAX_CONNECTIONS;
  const free = limitBytes - BUSY_PROCESS_BYTES - pageCacheBytes - otherConnections * CONNECTION_WORST_BYTES;
  return Math.min(MAX_CONNECTIONS, Math.max(MIN_CONNECTIONS, Math.floor(free / CONNECTION_WORST_BYTES)));
}

/**
 * A connection is closed to make room only once it has waited this long with no request under way. A request
 * already sent but not yet read looks the same as none: a connection just opened, or between two requests of a
 * page, would be reset with its request (an attack run churning 10,000 connections a second reset form posts
 * and probes so). Past the limit with none idle this long, the new connection is refused instead.
 */
const MIN_IDLE_BEFORE_CLOSING_MS = 1_000;

/**
 * At most one warning this often about connections refused at the limit or closed for a client's behaviour, with
 * how many were (and the address of the latest): a client can cause them as fast as it connects.
 */
const DROP_WARNING_INTERVAL_MS = 10_000;

const warnNoProgress = warnAtMostEvery(DROP_WARNING_INTERVAL_MS, (closed, remoteAddress: string | undefined) =>
  log.warn({ closed, remoteAddress, timeoutMs: SEND_TIMEOUT_MS }, 'connection closed: no progress'),
);
const warnPipelined = warnAtMostEvery(DROP_WARNING_INTERVAL_MS, (closed, remoteAddress: string | undefined) =>
  log.warn({ closed, remoteAddress, limit: MAX_PIPELINED_REQUESTS }, 'connection closed: too many pipelined requests'),
);

/** Idle keep-alive time by default: KEEP_ALIVE_TIMEOUT_MS. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * An HTTP server with every limit of this module: header and request timeouts, header size and count, open
 * connections, send timeout; the caller adds its request listener through `oneRequestAtATime`. Both of the
 * process's servers (pages and metrics) are made by it, so neither is the way round the other's limits.
 */
export function createLimitedServer({
  maxConnections = MAX_CONNECTIONS,
  keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS,
  sendTimeout = SEND_TIMEOUT_MS,
  requestTimeout = 30_000,
}: { maxConnections?: number; keepAliveTimeout?: number; sendTimeout?: number; requestTimeout?: number } = {}): Server {
  const server = createServer({
    // Slow or idle clients cannot hold the server: headers within 10 s, a whole request within 30 s.
    // (Node wants it no longer than a request's whole time, when that is on: 0 turns it off.)
    headersTimeout: requestTimeout > 0 ? Math.min(10_000, requestTimeout) : 10_000,
    requestTimeout,
    // How often those two are enforced (Node's default, 30 s, would let a slow client linger that long).
    connectionsCheckingInterval: 1_000,
    keepAliveTimeout,
    // Request line and headers together.
    maxHeaderSize: MAX_HEADER_BYTES,
  });
  server.maxHeadersCount = 100;
  // A client that half-closes its connection once it has sent its requests still wants the answers (RFC 9112,
  // 9.6: a half-close delimits no request). Node's default aborts every request not answered yet at the FIN; with
  // this (an http.Server property of Node's own, not in its docs) it answers them, then closes.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  limitConnections(server, maxConnections, sendTimeout);
  // A client that asks before sending its body (`Expect: 100-continue`) is told to send it only once it is wanted
  // (`continueIfAsked`, as the body starts to be read): a request refused before, its body too large or the
  // bodies' budget full, is answered without the body ever being sent (and, as Node does for any request whose
  // 100 was not sent, its connection is then closed). Node, left to itself, tells every such client to go on at
  // once.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    server.emit('request', req, res);
  });
  // Any other expectation Node would refuse by itself (417), unlogged and without the app's headers: the app
  // refuses it instead (`expectationUnmet`).
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    unmetExpectations.add(req);
    server.emit('request', req, res);
  });
  // Node hands CONNECT (a request to open a tunnel) to a 'connect' listener, and closes the connection
  // unanswered without one: this is no proxy, and says so as for any other method it does not serve.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    log.info({ method: req.method, path: (req.url ?? '').slice(0, 512), status: 405 }, 'request');
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
  });
  return server;
}

const awaitingContinue = new WeakSet<IncomingMessage>();
const unmetExpectations = new WeakSet<IncomingMessage>();

/** Whether the request comes with a body (a length above 0, or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
}

/** Whether the request expects more than `100-continue`, which no server here can meet (RFC 9110, 10.1.1). */
export function expectationUnmet(req: IncomingMessage): boolean {
  return unmetExpectations.has(req);
}

/** Tells a client that waits for it (`Expect: 100-continue`) to send its body now; nothing for any other. */
export function continueIfAsked(req: IncomingMessage, res: ServerResponse): void {
  if (awaitingContinue.delete(req)) res.writeContinue();
}

type Queue = { busy: boolean; waiting: Array<() => void>; requests: number };

/**
 * At most `maxConnections` open at once, counting every connection the server is given (server/listeners.ts hands
 * it those its other sockets accept). Past it, a new connection takes the place of the one that has waited longest
 * with no request under way, if that is a second or more: a keep-alive connection between requests, or one that
 * has not finished sending its request (nginx, out of connections, reuses idle keep-alive ones too). Otherwise the
 * new one is refused, closed unanswered. Refusing the newest instead, as Node's
 * `maxConnections` does, let a thousand connections that sent nothing lock the probes out of the metrics port
 * for as long as they were reopened (an attack run), and shoppers out of the shop the same way.
 */
function limitConnections(server: Server, maxConnections: number, sendTimeout: number): void {
  const warnRefused = warnAtMostEvery(DROP_WARNING_INTERVAL_MS, (refused) =>
    log.warn({ limit: maxConnections, refused }, 'connections refused: too many open, each with a request under way'),
  );
  const warnReplaced = warnAtMostEvery(DROP_WARNING_INTERVAL_MS, (closed) =>
    log.warn({ limit: maxConnections, closed }, 'idle connections closed to make room for new ones: too many open'),
  );
  const answering = new WeakMap<Socket, number>();
  // Open connections with no request under way, and since when: the one that has waited longest first (a Map
  // keeps insertion order).
  const idle = new Map<Socket, number>();
  // Answers under way, for closeConnectionsAtRest to find the requests whose body is still arriving.
  const underWay = new Set<ServerResponse>();
  // Each connection's latest answer under way: a request whose body is still arriving is its connection's latest (the
  // next cannot be read before that body ends).
  const latestAnswers = new WeakMap<Socket, ServerResponse>();
  // Set by closeConnectionsAtRest: from then on a connection is closed as soon as it has no request under way.
  let closingAtRest = false;
  closersAtRest.set(server, () => {
    closingAtRest = true;
    for (const socket of idle.keys()) closeOnceSent(socket);
    for (const res of underWay) if (!res.req.complete) timeOut(res);
  });
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    idle.set(socket, performance.now());
    socket.once('close', () => {
      open--;
      idle.delete(socket);
    });
    if (open <= maxConnections) return;
    const [longest, since] = idle.entries().next().value!;
    const closing = longest !== socket && performance.now() - since >= MIN_IDLE_BEFORE_CLOSING_MS ? longest : socket;
    idle.delete(closing);
    closing.destroy();
    if (closing === socket) warnRefused();
    else warnReplaced();
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    idle.delete(socket);
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    underWay.add(res);
    latestAnswers.set(socket, res);
    // Only a POST's body is read (limitBody); one sent with another method was read and dropped for as long as the
    // client sent it (a GET declaring 100 GB: 1.2–1.7 GB in 2–3 s on one connection). The connection closes after
    // the answer instead.
    if (req.method !== 'POST' && hasBody(req)) res.shouldKeepAlive = false;
    res.once('close', () => {
      underWay.delete(res);
      if (latestAnswers.get(socket) === res) latestAnswers.delete(socket);
      const left = (answering.get(socket) ?? 1) - 1;
      answering.set(socket, left);
      if (left > 0 || socket.destroyed) return;
      if (closingAtRest) closeOnceSent(socket);
      // Waiting for its next request from now on: the newest of the idle.
      else idle.set(socket, performance.now());
    });
  });
  // Node's socket inactivity timeout, which applies while a request is being answered: writes that do not
  // complete, because the client's receive window stays full, count as inactivity. Node reports the end of an
  // idle keep-alive connection's keepAliveTimeout by the same event: that one is no fault of the client's.
  server.timeout = sendTimeout;
  server.on('connection', skipRequestsOnClosedConnections);
  server.on('timeout', (socket: Socket) => {
    if (answering.get(socket)) {
      // Silent because the client stopped sending its request's body, nothing of the answer sent yet (not because it
      // reads nothing): Node's request timeout, seen first.
      const answer = latestAnswers.get(socket);
      if (answer && !answer.req.complete && !answer.headersSent) return timeOut(answer);
      warnNoProgress(socket.remoteAddress);
      // Reset, not closed: a close leaves what the kernel holds for the client (its send buffer, up to 4 MB a
      // connection) to be sent after the FIN, so the socket outlives the process's hold on it by minutes, an
      // orphan with that memory, for a client that reads nothing. A reset frees it at once (nginx's
      // `reset_timedout_connection`, for the same reason).
      socket.resetAndDestroy();
      return;
    }
    log.debug({ remoteAddress: socket.remoteAddress }, 'idle keep-alive connection closed');
    socket.destroy();
  });
}

const closersAtRest = new WeakMap<Server, () => void>();

/**
 * Closes a connection once what was written to it is in the system's hands: the end of the last answer may still
 * be on its way (a client that reads nothing is reset by the send timeout meanwhile).
 */
function closeOnceSent(socket: Socket): void {
  socket.end(() => socket.destroy());
}

/**
 * Ends a request whose body has not arrived whole as Node does past its request timeout: a 408 on the connection if
 * nothing of the answer has gone yet, and the connection destroyed with Node's own error for it, which the request
 * log reads (server/middleware.ts).
 */
function timeOut(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  if (!res.headersSent && socket.writable) socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  const error = new Error('request not received whole before the server stopped');
  socket.destroy(Object.assign(error, { code: 'ERR_HTTP_REQUEST_TIMEOUT' }));
}

/**
 * Closes every connection of a server made by `createLimitedServer` that has no request under way (between two
 * requests, or still sending one's head), ends with a 408 each request whose body is still arriving, and from then
 * on closes each connection as soon as its last answer is sent. For the end of a shutdown, once requests already
 * sent have been read: Node's `closeIdleConnections` leaves a connection whose request has begun to arrive, and
 * `close()` stops Node enforcing the headers and request timeouts, so a client sending its head a line at a time,
 * or its body a byte at a time, held the shutdown to its time limit.
 */
export function closeConnectionsAtRest(server: Server): void {
  closersAtRest.get(server)?.();
}

type Parser = { onIncoming?: (...args: unknown[]) => unknown };

/**
 * Node's parser goes on through everything a read delivered (up to 64 KiB: some 2,000 minimal requests)
 * even after the connection has been closed, and makes a request and a response object for each, which
 * live until the read is done. Skipping the response objects of a closed connection halves that memory.
 * `parser.onIncoming` is Node's own hook (lib/_http_server.js, set for each connection before this
 * listener runs); if a Node version lacks it, nothing changes but that saving.
 */
function skipRequestsOnClosedConnections(socket: Socket): void {
  const parser = (socket as Socket & { parser?: Parser }).parser;
  const onIncoming = parser?.onIncoming;
  if (!parser || typeof onIncoming !== 'function') return;
  parser.onIncoming = (...args: unknown[]) => (socket.destroyed ? 0 : onIncoming(...args));
}

/** Wraps the request listener so that a connection's requests run one at a time (see above). */
export function oneRequestAtATime(
  handler: RequestListener,
): RequestListener<typeof IncomingMessage, typeof ServerResponse> {
  const queues = new WeakMap<Socket, Queue>();
  // Made outside the request listener: a closure made inside it would share its scope, and the socket's close
  // listener would keep the connection's first request and response alive as long as the connection.
  const queueOf = (socket: Socket): Queue => {
    const existing = queues.get(socket);
    if (existing) return existing;
    const queue: Queue = { busy: false, waiting: [], requests: 0 };
    queues.set(socket, queue);
    socket.once('close', () => {
      queue.waiting.length = 0;
    });
    return queue;
  };
  return (req, res) => {
    const socket = req.socket;
    // Requests parsed from bytes that arrived before the connection was closed, or as it is being closed
    // (closeOnceSent): nobody will get an answer.
    if (socket.destroyed || socket.writableEnded) return;
    const queue = queueOf(socket);
    // Sent after the last request the connection may carry, which closes it: nobody will get the answer.
    if (++queue.requests > MAX_REQUESTS_PER_SOCKET) return;
    // The last one: Node sends `Connection: close` and closes the connection once it is answered.
    if (queue.requests === MAX_REQUESTS_PER_SOCKET) res.shouldKeepAlive = false;
    const run = () => {
      // The client has gone while the request waited: no page is rendered for nobody.
      if (socket.destroyed) return;
      res.once('close', () => {
        queue.busy = false;
        queue.waiting.shift()?.();
      });
      handler(req, res);
    };
    if (!queue.busy) {
      queue.busy = true;
      return run();
    }
    if (queue.waiting.length >= MAX_PIPELINED_REQUESTS) {
      warnPipelined(socket.remoteAddress);
      socket.destroy();
      return;
    }
    // Node reads the body of a request waiting here into memory (a request's unread body pauses the reading, a
    // request after it resumes it), so bodies pipelined on many connections were memory without bound, outside
    // the bodies' budget (limitBody). No browser pipelines, nor does a proxy: such a request is answered in its
    // turn with 400 and the connection closed after it (and with it whatever was queued behind it), its body
    // read and dropped as it arrives. Such requests count among those waiting, as any other.
    if (hasBody(req)) {
      req.resume();
      queue.waiting.push(() => {
        queue.busy = true;
        refusePipelinedBody(req, res);
      });
      return;
    }
    queue.waiting.push(() => {
      queue.busy = true;
      run();
    });
  };
}

/** The answer to a request with a body pipelined behind another: 400, then the connection is closed. */
function refusePipelinedBody(req: IncomingMessage, res: ServerResponse): void {
  log.info(
    { method: req.method, path: (req.url ?? '').slice(0, 512), status: 400, remoteAddress: req.socket.remoteAddress },
    'request with a body pipelined: refused',
  );
  const body = 'Bad Request: a request with a body may not be pipelined';
  res.shouldKeepAlive = false;
  res.writeHead(400, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  res.end(body);
}
