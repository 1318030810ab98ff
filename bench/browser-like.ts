/**
 * What the benchmarks share: how a browser asks, and what the server's metrics say of its page cache. How the
 * image runs the server (its memory settings) is in tests/support/image-runtime.ts.
 */
import type { ServerProcess } from '../tests/support/process.ts';

/** What a current browser sends that matters here: every encoding it takes, and cookies the app never reads. */
export const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  cookie: 'consent=1; _ga=GA1.1.1234567890.1700000000; _gid=GA1.1.987654321.1700000000',
};

/**
 * A request that is a render every time, whatever the caches: a form post (its answer, the demo notice, is
 * rendered for its request and never stored). Distinct URLs no longer are: they mean one page (0020).
 */
export const FORM_POST = {
  method: 'POST' as const,
  path: '/contacts',
  headers: { ...BROWSER_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
  body: 'name=Ann&email=ann%40example.com&subject=Hello&message=A%20question%20about%20sizes',
};

export function percentile(numbers: number[], p: number): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

export const median = (numbers: number[]) => percentile(numbers, 50);

/** Hits, misses and hit rate of the page cache, from the server's Prometheus endpoint (METRICS_PORT). */
export async function pageCacheStats(server: ServerProcess, metricsPort: number): Promise<string> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    (response) => response.text(),
    () => '',
  );
  const count = (result: string) =>
    Number(text.match(new RegExp(`page_cache_requests_total\\{result="${result}"\\} (\\d+)`))?.[1] ?? NaN);
  const [hits, misses] = [count('hit'), count('miss')];
  if (Number.isNaN(hits)) return `no metrics on port ${metricsPort} (server ${server.origin})`;
  return `${hits} hits, ${misses} misses, hit rate ${((100 * hits) / (hits + misses)).toFixed(2)}%`;
}
