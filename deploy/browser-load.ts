/**
 * A closed-loop HTTP load generator that behaves like browsers on keep-alive connections, for the fleet test.
 *
 * Why not autocannon: when a server closes an idle keep-alive connection just as the client sends the next
 * request on it, the request meets a reset before any byte of a response. Browsers (and Go's client) send
 * such an idempotent request again on a new connection, as RFC 9112 section 9.3.1 allows; autocannon counts
 * it as an error. nginx 1.22 (Debian bookworm's) closes idle keep-alive connections this way whenever it
 * reloads (nginx 1.27.4's keepalive_min_timeout was added for exactly this). So a GET that fails on a reused
 * connection before its response began is sent again, as Node's documentation for request.reusedSocket
 * shows, on a new connection: the other idle connections of the pool were most likely closed at the same
 * moment, and a browser checks an idle connection for the server's close before it reuses it (Chromium's
 * pool drops those that are no longer connected and idle). It is counted apart; anything else (a failure on a
 * fresh connection, a reset mid-response, a timeout, a 5xx) is a failure the shopper would have seen.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';

export type LoadOptions = {
  url: string;
  connections: number;
  paths: string[];
  headers: Record<string, string>;
  /** The load stops once this settles. */
  until: Promise<unknown>;
  /** A request with no progress for this long fails (browsers wait minutes; nginx gives up on a replica after 30 s). */
  timeoutMs?: number;
};

export type LoadResult = {
  seconds: number;
  requests: number;
  statuses: Map<number, number>;
  /** Requests sent again after their reused connection was closed before any response (what browsers do). */
  retried: number;
  failures: Array<{ at: number; what: string }>;
  latency: { p50: number; p99: number; max: number };
};

const RETRYABLE = new Set(['ECONNRESET', 'EPIPE']);

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * GETs on keep-alive connections as a browser makes them: a GET that fails on a reused connection before its
 * response began is sent again (counted in `retried`); any other failure is reported to `fail` and answers
 * undefined. Bodies are kept only when asked for.
 */
export function createClient({
  url,
  connections,
  headers,
  timeoutMs = 30_000,
  fail,
}: {
  url: string;
  connections: number;
  headers: Record<string, string>;
  timeoutMs?: number;
  fail: (what: string) => void;
}) {
  const target = new URL(url);
  // LIFO, as browsers pick the most recently used idle connection.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: connections,
    maxFreeSockets: connections,
    scheduling: 'lifo',
  });
  const client = {
    retried: 0,
    /** One GET to its end; resolves when the body has been read or the request has failed. */
    get: (path: string, keepBody = false, attempt = 1): Promise<Answer | undefined> =>
      new Promise((resolve) => {
        let responded = false;
        // A request sent again goes on a connection of its own (see above).
        const req = request(
          {
            host: target.hostname,
            port: target.port,
            path,
            headers,
            agent: attempt > 1 ? false : agent,
            timeout: timeoutMs,
          },
          (res) => {
            responded = true;
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => keepBody && chunks.push(chunk));
            res.on('close', () => {
              if (res.complete) resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
              else {
                fail(`${path}: response cut off`);
                resolve(undefined);
              }
            });
          },
        );
        req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
        req.on('error', (error: Error & { code?: string }) => {
          if (responded) return;
          if (attempt === 1 && req.reusedSocket && RETRYABLE.has(error.code ?? '')) {
            client.retried++;
            resolve(client.get(path, keepBody, attempt + 1));
            return;
          }
          fail(
            `${path}: ${error.code ?? error.message} (attempt ${attempt}, ${req.reusedSocket ? 'reused' : 'new'} connection)`,
          );
          resolve(undefined);
        });
        req.end();
      }),
    close: () => agent.destroy(),
  };
  return client;
}

export async function browserLoad({
  url,
  connections,
  paths,
  headers,
  until,
  timeoutMs = 30_000,
}: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const failures: LoadResult['failures'] = [];
  let stopped = false;
  void until.finally(() => (stopped = true));

  const fail = (what: string) => failures.push({ at: performance.now() - started, what });
  const client = createClient({ url, connections, headers, timeoutMs, fail });

  // One loop per connection, each sending its next request once the previous response has ended.
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; !stopped; i++) {
        const path = paths[i % paths.length]!;
        const sent = performance.now();
        const status = (await client.get(path))?.status;
        if (status === undefined) continue;
        latencies.push(performance.now() - sent);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) fail(`${path}: HTTP ${status}`);
      }
    }),
  );
  client.close();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    seconds: (performance.now() - started) / 1000,
    requests: latencies.length + failures.filter((failure) => !/HTTP/.test(failure.what)).length,
    statuses,
    retried: client.retried,
    failures,
    latency: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 },
  };
}
