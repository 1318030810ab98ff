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

/** How long a render may wait for its turn: past it the shopper gets a 503 now rather than a page later. */
export const RENDER_DEADLINE_MS = 5_000;

/**
 * What one waiting render holds in V8's heap: its request and response and the Fetch request made for React
 * Router. Measured at 17 KB with its connection (tests/ssr/admission-cost.test.ts, which keeps this above it).
 */
export const WAITING_RENDER_BYTES = 32 * 1024;

/**
 * What one running render allocates, garbage included: a bound on what it holds at once. Measured at 2.0 to
 * 3.3 MB for the heaviest pages (the same test).
 */
export const RUNNING_RENDER_BYTES = 8 * 1024 * 1024;

/**
 * Renders under way at once. Rendering is CPU work on Node's one JavaScript thread, so more at a time only
 * makes each slower, and every one in progress holds its garbage: the heap (and RSS) grows with them.
 */
export const RENDER_CONCURRENCY = 2;

/**
 * The share of V8's heap limit that renders, running and waiting, may take; the rest is the server's own
 * (~25 MB), its page cache's headers and open connections (0018, 0019).
 */
const RENDER_HEAP_SHARE = 0.3;

/** How many renders may wait, for a heap limit (`v8.getHeapStatistics().heap_size_limit`). */
export function maxWaitingFor(heapLimitBytes: number): number {
  const forWaiting = heapLimitBytes * RENDER_HEAP_SHARE - RENDER_CONCURRENCY * RUNNING_RENDER_BYTES;
  return Math.max(16, Math.floor(forWaiting / WAITING_RENDER_BYTES));
}

/** Why a render was refused: the queue was full, or the request waited past the deadline. */
export type ShedReason = 'queue_full' | 'deadline';

export class Shed extends Error {
  readonly reason: ShedReason;
  constructor(reason: ShedReason) {
    super(`render shed: ${reason}`);
    this.name = 'Shed';
    this.reason = reason;
  }
}

export type AdmissionOptions = {
  /** Renders running at once. */
  concurrency: number;
  /** Renders waiting at most; one more is shed at once. */
  maxWaiting: number;
  /** How long a render may wait for its turn before it is shed. */
  maxWaitMs: number;
  /** Told of every render shed, and of the queue's length whenever it changes (for metrics). */
  onShed?: (reason: ShedReason) => void;
  onWaiting?: (waiting: number) => void;
};

export type Admission = {
  /**
   * Runs `task` when a place is free. Rejects with `Shed` when the queue is full or the wait passes the
   * deadline, and with the signal's reason when the client goes away while it waits.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

type Waiter = { start: () => void; cancel: (error: unknown) => void };

export function createAdmission({
  concurrency,
  maxWaiting,
  maxWaitMs,
  onShed,
  onWaiting,
}: AdmissionOptions): Admission {
  let running = 0;
  // A Set keeps insertion order: the first value is the oldest waiter, and any waiter leaves in O(1).
  const queue = new Set<Waiter>();

  const next = () => {
    const first = queue.values().next();
    if (first.done) return;
    queue.delete(first.value);
    onWaiting?.(queue.size);
    first.value.start();
  };

  const shed = (reason: ShedReason) => {
    onShed?.(reason);
    return new Shed(reason);
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.size;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const execute = async () => {
        running++;
        try {
          return await task();
        } finally {
          running--;
          next();
        }
      };
      if (running < concurrency && queue.size === 0) return execute();
      if (queue.size >= maxWaiting) return Promise.reject(shed('queue_full'));
      return new Promise<T>((resolve, reject) => {
        const leave = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          queue.delete(waiter);
        };
        const waiter: Waiter = {
          start: () => {
            leave();
            execute().then(resolve, reject);
          },
          cancel: (error) => {
            leave();
            onWaiting?.(queue.size);
            reject(error);
          },
        };
        const onAbort = () => waiter.cancel(signal!.reason);
        const timer = setTimeout(() => waiter.cancel(shed('deadline')), maxWaitMs);
        timer.unref();
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.add(waiter);
        onWaiting?.(queue.size);
      });
    },
  };
}
