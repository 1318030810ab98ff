/**
 * Admission control for renders (docs/decisions/0019-admission-control-for-renders.md).
 *
 * A render is CPU work on Node's one JavaScript thread, so only a few run at once; the rest wait. Waiting is
 * not free: each waiting render holds its request, and a burst of never-seen URLs used to queue without
 * bound until the capped heap ran out. Here the queue is bounded twice: by how many may wait (derived from
 * the heap the process has) and by how long one may wait. Past either bound the render is refused at once
 * (`Shed`), and the page handler answers 503 with Retry-After instead of a page nobody can wait for.
 *
 * Neither p-limit (no bound) nor p-queue (its timeout starts when a task runs, not while it waits) nor the
 * unmaintained bottleneck does both, so this is the few lines it takes.
 */
import type { Response as ExpressResponse } from 'express';

/** How long a render may wait for its turn: past it the shopper gets a 503 now rather than a page later. */
export const RENDER_DEADLINE_MS = 5_000;

/**
 * What one waiting render holds in V8's heap: its request and response (the Fetch request for React Router is
 * made when it starts). Measured at 15 KB with its connection (tests/ssr/admission-cost.test.ts, which keeps
 * this above it).
 */
export const WAITING_RENDER_BYTES = 32 * 1024;

/**
 * What one running render allocates, garbage included: a bound on what it holds at once. Measured at 2.0 to
 * 3.3 MB for the heaviest pages (the same test).
 */
export const RUNNING_RENDER_BYTES = 8 * 1024 * 1024;

/**
 * Renders under way at once, by default (`RENDER_CONCURRENCY`). Rendering from the fixtures is CPU work on Node's
 * one JavaScript thread, so more at a time only makes each slower, and every one in progress holds its garbage:
 * the heap (and RSS) grows with them. A render also waits on its loaders, though: with a backend, a replica renders
 * at most this many pages per backend round trip (docs/backend.md, "Throughput").
 */
export const RENDER_CONCURRENCY = 2;

/**
 * The share of V8's heap limit that renders, running and waiting, may take; the rest is the server's own
 * (~25 MB), its page cache's headers and open connections (0018, 0019).
 */
const RENDER_HEAP_SHARE = 0.3;

/**
 * How many renders may wait, for a heap limit (`v8.getHeapStatistics().heap_size_limit`) and the renders that run
 * at once.
 */
export function maxWaitingFor(heapLimitBytes: number, concurrency = RENDER_CONCURRENCY): number {
  const forWaiting = heapLimitBytes * RENDER_HEAP_SHARE - concurrency * RUNNING_RENDER_BYTES;
  return Math.max(16, Math.floor(forWaiting / WAITING_RENDER_BYTES));
}

/**
 * The most the requests whose bodies are being read, waiting or rendered may take at once, their bodies counted
 * as they arrive, and each request as BODY_REQUEST_BYTES (server/middleware.ts, limitBody): some 500 form posts
 * of a few hundred bytes, some 100 at the 64 KiB limit (MAX_BODY_BYTES). Each body is kept twice while its page
 * renders (the bytes read, and the Fetch request's copy), outside V8's heap but in the process's memory: before
 * this bound, 800 clients posting 63 KiB each took the image's server from 104 to 282 MB.
 */
export const MAX_BODIES_BYTES = 8 * 1024 * 1024;

/**
 * What a request whose body is being read (or held) counts against MAX_BODIES_BYTES besides its body: its
 * request, response and connection, some 13 KB of heap while it waits for the body. Without it a client that
 * declares a body and sends none held nothing, and 6,000 of them ran the image's heap out.
 */
export const BODY_REQUEST_BYTES = 16 * 1024;

/**
 * Why a request was refused: the render queue was full, the request waited past the deadline, its body would
 * have taken the bodies held at once past MAX_BODIES_BYTES, or its render ran past RENDER_TIMEOUT_MS.
 */
export type ShedReason = 'queue_full' | 'deadline' | 'bodies_full' | 'render_timeout';

/**
 * How long a render may run (once its turn has come): past it, it is stopped (its loaders' `request.signal`
 * aborted) and the shopper gets the busy page. A loader waiting on a data source that does not answer would
 * otherwise hold one of the few renders running until the client gave up, and every render behind it waited.
 */
export const RENDER_TIMEOUT_MS = 10_000;

export class Shed extends Error {
  readonly reason: ShedReason;
  constructor(reason: ShedReason) {
    super(`render shed: ${reason}`);
    this.name = 'Shed';
    this.reason = reason;
  }
}

/** What a shed request is told: come back in this many seconds. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a shed request: small, static, the same bytes every time, and nothing to load (the policy for
 * non-page responses allows nothing). Shoppers see it only when the server is overloaded.
 */
const BUSY_PAGE = Buffer.from(
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>Busy: please try again</title></head><body><main><h1>Busy: please try again</h1>' +
    `<p>The shop has more visitors than it can serve this moment. Please reload the page in ${RETRY_AFTER_SECONDS} seconds.</p></main></body></html>`,
);

/** Answers a shed request: 503, when to come back, never stored; the reason goes to the request's log line. */
export function sendBusy(res: ExpressResponse, reason: ShedReason): void {
  // For the request log: an overloaded server's expected answer, not a fault (server/middleware.ts).
  res.locals.shed = reason;
  res
    .status(503)
    .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
    .type('html')
    .end(BUSY_PAGE);
}

export type AdmissionOptions = {
  /** Renders running at once. */
  concurrency: number;
  /** Renders waiting at most; one more is shed at once. */
  maxWaiting: number;
  /** How long a render may wait for its turn before it is shed. */
  maxWaitMs: number;
  /** Told of the number waiting whenever it changes (for metrics). */
  onWaiting?: (waiting: number) => void;
};

export type Admission = {
  /**
   * Runs `task` when a place is free. Rejects with `Shed` when the queue is full or the wait passes the
   * deadline, and with the signal's reason when the client goes away while it waits.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Waits for a render already admitted for another request (the same page): it takes no place among the
   * renders running, but counts with those waiting, as it holds its request as long; past the bound, Shed.
   */
  share<T>(render: Promise<T>): Promise<T>;
  readonly running: number;
  /** Renders waiting for their turn, and requests waiting on a render under way. */
  readonly waiting: number;
};

type Waiter = { start: () => void; cancel: (error: unknown) => void };

export function createAdmission({ concurrency, maxWaiting, maxWaitMs, onWaiting }: AdmissionOptions): Admission {
  let running = 0;
  let sharing = 0;
  // A Set keeps insertion order: the first value is the oldest waiter, and any waiter leaves in O(1).
  const queue = new Set<Waiter>();
  const waiting = () => queue.size + sharing;
  const report = () => onWaiting?.(waiting());

  // Renders start on a later turn of the event loop, never in the callback that read their request. A render
  // of static data is synchronous work, done within the microtasks of the callback that starts it: started
  // there, each request read would be rendered to the end (and its answer left to compress and send) before
  // Node reads the next one, so a thousand requests arriving together would all be rendered in one go, none
  // queued nor shed, while the heap filled with their answers. Started from here, every request read in one
  // turn is queued, or shed past the bound, before any of them is rendered.
  let pumping = false;
  const pump = () => {
    pumping = false;
    while (running < concurrency) {
      const first = queue.values().next();
      if (first.done) return;
      queue.delete(first.value);
      report();
      first.value.start();
    }
  };
  const schedulePump = () => {
    if (pumping) return;
    pumping = true;
    setImmediate(pump);
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting();
    },
    share<T>(render: Promise<T>): Promise<T> {
      if (waiting() >= maxWaiting) return Promise.reject(new Shed('queue_full'));
      sharing++;
      report();
      return render.finally(() => {
        sharing--;
        report();
      });
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (waiting() >= maxWaiting) return Promise.reject(new Shed('queue_full'));
      return new Promise<T>((resolve, reject) => {
        const leave = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          queue.delete(waiter);
        };
        const waiter: Waiter = {
          start: () => {
            leave();
            running++;
            task()
              .finally(() => {
                running--;
                schedulePump();
              })
              .then(resolve, reject);
          },
          cancel: (error) => {
            leave();
            report();
            reject(error);
          },
        };
        const onAbort = () => waiter.cancel(signal!.reason);
        const timer = setTimeout(() => waiter.cancel(new Shed('deadline')), maxWaitMs);
        timer.unref();
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.add(waiter);
        report();
        schedulePump();
      });
    },
  };
}
