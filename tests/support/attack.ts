/**
 * Tools for the adversarial tests (tests/ssr/attacks.test.ts): raw sockets that misbehave, and a watch on the
 * server process while they do. Everything goes to 127.0.0.1 and stops by a deadline.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB, 0 once it has gone. `peak` is the kernel's high-water mark. */
export function rssOf(pid: number): { now: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
    return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { now: 0, peak: 0 };
  }
}

/** One GET /healthz on a new connection: the time it took, or Infinity without a 200 within `limitMs`. */
export function probeHealth(port: number, limitMs: number): Promise<number> {
  return probe(port, '/healthz', limitMs);
}

/**
 * One GET on a new connection, as a browser asks: the time until the whole answer was in, or Infinity
 * without a 200 within `limitMs`.
 */
export function probe(
  port: number,
  path: string,
  limitMs: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false, timeout: limitMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - start : Infinity));
      res.on('error', () => resolve(Infinity));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(Infinity));
    req.end();
  });
}

export type Watch = {
  /** Stops watching; resolves with what was seen. */
  stop: () => Promise<WatchResult>;
  /** True once a limit was broken: the attack can stop early, the test has failed already. */
  readonly broken: boolean;
};

export type WatchResult = {
  probes: number;
  /** Health checks that did not answer 200 within the limit. */
  slowProbes: number;
  slowestMs: number;
  peakRssMb: number;
};

/**
 * Asks /healthz every 200 ms (each must answer within `healthLimitMs`) and samples the process's memory.
 * `broken` turns true as soon as a check fails or memory passes `rssLimitMb`, so a test against a server
 * that cannot cope ends early instead of exhausting the machine.
 */
export function watchServer(port: number, pid: number, { healthLimitMs = 1_000, rssLimitMb = 400 } = {}): Watch {
  let stopped = false;
  let broken = false;
  const result: WatchResult = { probes: 0, slowProbes: 0, slowestMs: 0, peakRssMb: 0 };
  const sampleMemory = () => {
    const { now, peak } = rssOf(pid);
    result.peakRssMb = Math.max(result.peakRssMb, now, peak);
    if (result.peakRssMb > rssLimitMb) broken = true;
  };
  const memory = setInterval(sampleMemory, 100);
  const probing = (async () => {
    while (!stopped) {
      const ms = await probeHealth(port, healthLimitMs);
      result.probes++;
      result.slowestMs = Math.max(result.slowestMs, ms);
      if (ms > healthLimitMs) {
        result.slowProbes++;
        broken = true;
      }
      await sleep(200);
    }
  })();
  return {
    get broken() {
      return broken;
    },
    stop: async () => {
      stopped = true;
      await probing;
      clearInterval(memory);
      sampleMemory();
      return result;
    },
  };
}

export type FloodOptions = {
  connections: number;
  payload: string;
  /** Deadline (Date.now() value). */
  until: number;
  /** Checked every 100 ms: true ends the flood early. */
  stop: () => boolean;
  /** Reset each socket right after its write (the client is gone before any answer). */
  reset?: boolean;
  /** Otherwise each socket is held this long, reading nothing, and then replaced. */
  holdMs?: number;
  /** At most this many sockets in all. */
  maxSockets?: number;
};

/**
 * Keeps `connections` sockets busy until `until`, each sending `payload` in one write and then reading
 * nothing, replaced by a new one after `holdMs` (or as soon as it is written, with `reset`).
 */
export async function flood(
  port: number,
  { connections, payload, until, stop, reset = false, holdMs = Infinity, maxSockets = Infinity }: FloodOptions,
): Promise<{ sockets: number }> {
  let sockets = 0;
  const done = () => Date.now() >= until || stop() || sockets >= maxSockets;
  const worker = async () => {
    while (!done()) {
      sockets++;
      await new Promise<void>((resolve) => {
        const socket: Socket = connect(port, '127.0.0.1');
        const opened = Date.now();
        const timer = setInterval(() => {
          if (Date.now() >= until || stop() || Date.now() - opened >= holdMs) socket.destroy();
        }, 100);
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          resolve();
        });
        socket.on('connect', () => {
          // Never read: the server's answers pile up in the socket buffers, then in the server.
          socket.pause();
          socket.write(payload, () => {
            if (reset) socket.resetAndDestroy();
          });
        });
      });
      await sleep(reset ? 0 : 50);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { sockets };
}

/** One connection that sends `payload` and is reset as soon as it is written: a client gone before any answer. */
export function sendAndReset(port: number, payload: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.on('connect', () => socket.write(payload, () => socket.resetAndDestroy()));
  });
}

/**
 * Writes `data` on one connection and reads until `complete(text)` holds, the server closes, or `timeoutMs`
 * passes. Resolves with what arrived, whether the server closed, and how long it took.
 */
export function exchange(
  port: number,
  data: string | Buffer,
  complete: (text: string) => boolean,
  timeoutMs: number,
): Promise<{ text: string; closed: boolean; timedOut: boolean; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed, timedOut, ms: performance.now() - start });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (complete(Buffer.concat(chunks).toString('latin1'))) finish(false, false);
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(true, false));
    socket.write(data);
  });
}

/** The status codes of the responses in `text`, in order. */
export function statuses(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n/g)].map((match) => Number(match[1]));
}

/**
 * Opens `count` connections, `batch` at a time (as clients arriving, not one SYN burst the listen backlog
 * drops), each sending `payload` and waiting (at most 5 s) for the first bytes of its answer. Resolves with
 * the sockets, left open for the caller to destroy, and how many were answered.
 */
export async function openIdleConnections(
  port: number,
  count: number,
  payload: string,
  batch = 200,
): Promise<{ sockets: Socket[]; answered: number }> {
  const sockets: Socket[] = [];
  let answered = 0;
  while (sockets.length < count) {
    const opening = Array.from({ length: Math.min(batch, count - sockets.length) }, () => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        const done = (gotAnswer: boolean) => {
          clearTimeout(timer);
          if (gotAnswer) answered++;
          resolve();
        };
        socket.once('data', () => done(true));
        socket.once('close', () => done(false));
        socket.on('error', () => {});
        socket.write(payload);
      });
    });
    await Promise.all(opening);
  }
  return { sockets, answered };
}

export type BurstOptions = {
  /** Connections, each with one request. */
  count: number;
  /** The path the i-th connection asks for. */
  path: (i: number) => string;
  headers?: Record<string, string>;
  /** A form body: the request is then a POST of it. */
  form?: string;
  /** Read each answer as it comes (true), or read nothing for `holdMs` and only then what has arrived. */
  read?: boolean;
  holdMs?: number;
  /** A connection without an answer after this long is given up (and counted unanswered). */
  timeoutMs?: number;
  /** Connections opened per turn of the event loop: clients arriving together, not one SYN burst. */
  batch?: number;
  /**
   * Open every connection first and send the requests together once all are accepted, as a proxy does on its
   * kept-alive connections. Otherwise each request goes as soon as its connection opens, and Node, which
   * accepts one connection per listening socket per turn of its event loop, takes them in as fast as it answers them.
   */
  connectFirst?: boolean;
  /** With `connectFirst`: called once every request has been written, all at once. */
  onSent?: () => void;
};

export type BurstResult = {
  /** How many answers of each status. */
  statuses: Map<number, number>;
  /** Connections closed, or given up, without a status line. */
  unanswered: number;
  /** 503 answers without a Retry-After header. */
  shedWithoutRetryAfter: number;
  ms: number;
};

/**
 * A burst of shoppers: `count` connections opened together, each sending one GET (or form POST) with `Connection: close`,
 * read at once or only after `holdMs`. Everything goes to 127.0.0.1 and ends by `timeoutMs`.
 */
export async function burst(
  port: number,
  {
    count,
    path,
    headers = {},
    form,
    read = true,
    holdMs = 3_000,
    timeoutMs = 30_000,
    batch = 500,
    connectFirst = false,
    onSent = () => {},
  }: BurstOptions,
): Promise<BurstResult> {
  const start = performance.now();
  const result: BurstResult = { statuses: new Map(), unanswered: 0, shedWithoutRetryAfter: 0, ms: 0 };
  const body = form ?? '';
  const fields = Object.entries({
    ...headers,
    ...(form === undefined
      ? {}
      : { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) }),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const method = form === undefined ? 'GET' : 'POST';
  let connected = 0;
  let allConnected = () => {};
  // Connected is not yet accepted: the server, idle, gets a moment to take every connection from its backlog.
  const everyoneConnected = new Promise<void>((resolve) => (allConnected = resolve)).then(() => sleep(500));
  // A turn later: after every connection has sent its request.
  void everyoneConnected.then(() => setImmediate(onSent));
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let head = '';
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(giveUp);
        socket.destroy();
        const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0);
        if (!status) result.unanswered++;
        else result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        if (status === 503 && !/\r\nretry-after: *\d+\r\n/i.test(head)) result.shedWithoutRetryAfter++;
        resolve();
      };
      const giveUp = setTimeout(finish, timeoutMs);
      socket.on('error', () => {});
      socket.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      socket.on('close', finish);
      const send = () => {
        if (!read) {
          socket.pause();
          setTimeout(() => socket.resume(), holdMs);
        }
        socket.write(`${method} ${path(i)} HTTP/1.1\r\nHost: x\r\n${fields}Connection: close\r\n\r\n${body}`);
      };
      socket.on('connect', () => {
        if (!connectFirst) return send();
        if (++connected === count) allConnected();
        void everyoneConnected.then(send);
      });
    });
  const all: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    all.push(one(i));
    if ((i + 1) % batch === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(all);
  result.ms = performance.now() - start;
  return result;
}
