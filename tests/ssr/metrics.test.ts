import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENING_SOCKETS } from '../../server/listeners.ts';
import { metricsPortOf, spawnServer, type ServerProcess } from '../support/process.ts';
import { header, httpRequest, rawRequest } from '../support/raw-http.ts';

let running: ServerProcess;
let metricsUrl: string;

beforeAll(async () => {
  // METRICS_PORT=0: any free port; the server logs the one it got.
  running = await spawnServer({ METRICS_PORT: '0' });
  metricsUrl = `http://127.0.0.1:${await metricsPortOf(running)}/metrics`;
});

afterAll(async () => {
  if (running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
});

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  return response.text();
}

const APP_METRICS = /^(http_request_duration_seconds|page_cache_|render_)/;

/** The application's series (name and labels, without the value), in the exposition format's order. */
function appSeries(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => APP_METRICS.test(line))
    .map((line) => line.slice(0, line.lastIndexOf(' ')));
}

/** Requests the paths with a few connections at a time, and drains every body. */
async function requestAll(paths: string[], init?: RequestInit): Promise<void> {
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await (await fetch(running.origin + path, init)).arrayBuffer();
      }
    }),
  );
}

describe('Prometheus metrics', () => {
  it('are served on METRICS_PORT, with process, request, page-cache and render metrics', async () => {
    const response = await fetch(metricsUrl);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'http_request_duration_seconds',
      'page_cache_requests_total',
      'page_cache_bytes',
      'page_cache_entries',
      'page_cache_refresh_failures_total',
      'render_duration_seconds',
      'render_shed_total',
      'render_queue_waiting',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain('page_cache_requests_total{result="hit"}');
    expect(text).toContain('page_cache_requests_total{result="miss"}');
    // Both reasons from the start, so an alert on shed renders is defined before the first one.
    expect(text).toContain('render_shed_total{reason="queue_full"} 0');
    expect(text).toContain('render_shed_total{reason="deadline"} 0');
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('are not served on the public port, where the proxy forwards', async () => {
    const response = await fetch(`${running.origin}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_request_duration_seconds');
  });

  it('share their port with the health checks, which answer as on the public port (probes go there, 0019)', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const [own, shop] = await Promise.all([
        fetch(metricsUrl.replace('/metrics', path)),
        fetch(running.origin + path),
      ]);
      expect([own.status, own.headers.get('cache-control'), await own.text()]).toEqual([
        shop.status,
        shop.headers.get('cache-control'),
        await shop.text(),
      ]);
      expect(own.status).toBe(200);
    }
    expect((await fetch(metricsUrl.replace('/metrics', '/about'))).status).toBe(404);
  });

  it.skipIf(process.platform !== 'linux')(
    'listen with several sockets, as the shop does, so a flood of connections to it cannot drop the probes (0025)',
    () => {
      const line = running.logs.find((entry) => entry.msg === 'metrics listening');
      expect(line?.sockets).toBe(LISTENING_SOCKETS);
    },
  );

  it('answer HEAD as GET, without a body, as the public port does', async () => {
    for (const path of ['/metrics', '/healthz', '/readyz']) {
      const response = await fetch(metricsUrl.replace('/metrics', path), { method: 'HEAD' });
      expect([path, response.status, await response.text()]).toEqual([path, 200, '']);
    }
  });

  it('answer another method on their paths with 405 and the methods they take', async () => {
    for (const path of ['/metrics', '/healthz', '/readyz']) {
      for (const method of ['POST', 'DELETE']) {
        const response = await fetch(metricsUrl.replace('/metrics', path), { method });
        expect([path, method, response.status, response.headers.get('allow')]).toEqual([
          path,
          method,
          405,
          'GET, HEAD',
        ]);
      }
    }
  });

  it('read the path of an absolute-form target, as HTTP/1.1 servers must (RFC 9112, 3.2.2)', async () => {
    const port = Number(new URL(metricsUrl).port);
    for (const path of ['/metrics', '/healthz', '/readyz?x']) {
      const response = await rawRequest(port, httpRequest('GET', `http://probe.example${path}`, { Host: 'x' }));
      expect([path, response.status]).toEqual([path, 200]);
    }
    const elsewhere = await rawRequest(port, httpRequest('GET', 'http://probe.example/about', { Host: 'x' }));
    expect(elsewhere.status).toBe(404);
  });

  it('close the connection after refusing a request with a body, rather than read the body', async () => {
    const port = Number(new URL(metricsUrl).port);
    for (const target of ['/metrics', '/other']) {
      const response = await rawRequest(
        port,
        `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000000\r\n\r\nabc`,
      );
      expect([target, response.status, header(response.head, 'Connection')]).toEqual([
        target,
        target === '/metrics' ? 405 : 404,
        'close',
      ]);
    }
  });

  it('refuse an expectation they cannot meet (417), as Node would', async () => {
    const { port } = new URL(metricsUrl);
    const response = await rawRequest(Number(port), httpRequest('GET', '/metrics', { Host: 'x', Expect: 'bogus' }));
    expect(response.status).toBe(417);
  });

  it('time each request by route, method and status', async () => {
    await requestAll(['/healthz', '/healthz']);
    await fetch(running.origin + '/', { method: 'DELETE' });
    const text = await scrape();
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/healthz",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="[^"]+",method="other",status="405"\} 1$/m);
  });

  it('label every page by its route pattern: documents, the data of client-side navigations, posts and files of routes', async () => {
    const count = (text: string, route: string, method: string, status: string) =>
      Number(
        text.match(
          new RegExp(
            `^http_request_duration_seconds_count\\{route="${route}",method="${method}",status="${status}"\\} (\\d+)$`,
            'm',
          ),
        )?.[1] ?? 0,
      );
    const before = await scrape();
    await requestAll(['/products?page=2', '/products.data', '/_.data', '/no-such-page', '/robots.txt', '/sitemap.xml']);
    const form = new URLSearchParams({ name: 'A', email: 'a@example.com', message: 'Hello' });
    await (await fetch(`${running.origin}/contacts`, { method: 'POST', body: form })).arrayBuffer();
    const after = await scrape();
    const added = (route: string, method = 'GET', status = '200') =>
      count(after, route, method, status) - count(before, route, method, status);
    expect(added('/products')).toBe(1);
    // What a client-side navigation asks for is counted as the page it goes to, apart from documents.
    expect(added('/products.data')).toBe(1);
    expect(added('/_.data')).toBe(1);
    expect(added('/\\*', 'GET', '404')).toBe(1);
    expect(added('/robots.txt')).toBe(1);
    expect(added('/sitemap.xml')).toBe(1);
    expect(added('/contacts', 'POST')).toBe(1);
    expect(added('static')).toBe(0);
  });

  it('count page-cache hits and misses, the bytes it holds and the renders it cost', async () => {
    await requestAll(['/about', '/about', '/about?fresh=1']);
    const text = await scrape();
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? NaN);
    expect(value(/^page_cache_requests_total\{result="hit"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^page_cache_requests_total\{result="miss"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^page_cache_bytes (\d+)$/m)).toBeGreaterThan(1000);
    expect(value(/^page_cache_entries (\d+)$/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^render_duration_seconds_count (\d+)$/m)).toBeGreaterThanOrEqual(1);
  });

  it('keep a bounded set of series: 1,000 distinct URLs add none', async () => {
    const kinds = [
      (n: string) => `/products?utm_source=${n}`,
      (n: string) => `/no-such-page-${n}`,
      (n: string) => `/assets/no-such-${n}.js`,
      (n: string) => `/productDetails?id=${n}&color=${n}`,
    ];
    const urls = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!(`${prefix}${i}`));
    // One request of each kind first, so every series these URLs can produce exists before counting.
    await requestAll(urls('warm', kinds.length));
    await requestAll(urls('warm', kinds.length), { method: 'HEAD' });
    const beforeText = await scrape();
    const before = appSeries(beforeText);

    await requestAll(urls('n', 1000));
    const text = await scrape();

    expect(appSeries(text)).toEqual(before);
    // Pages are labelled by the route pattern that rendered them, assets and unknown URLs by their class.
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/products",method="GET",status="200"\} \d+$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="\/productDetails",method="HEAD",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/assets",method="GET",status="404"\} \d+$/m);
    expect(text).not.toMatch(/utm_source|no-such|color=/);
    // The requests were counted, under the series that already existed.
    const total = (metrics: string) =>
      [...metrics.matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm)].reduce(
        (sum, [, n]) => sum + Number(n),
        0,
      );
    expect(total(text) - total(beforeText)).toBeGreaterThanOrEqual(1000);
  }, 60_000);

  it('stop being served when the server shuts down on SIGTERM, after saying it is draining', async () => {
    running.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(metricsUrl.replace('/metrics', '/readyz'))).status, { timeout: 5_000 })
      .toBe(503);
    expect(await (await fetch(metricsUrl.replace('/metrics', '/readyz'))).text()).toBe('draining');
    expect(await running.exited).toBe(0);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });
});
