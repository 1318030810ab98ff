/**
 * Render cost (not a test): requests/s and p99 latency of the production server for /, /products and
 * /productDetails against express.static serving the very same bytes (express-static-gzip, brotli first),
 * measured in one run on 127.0.0.1, and their ratio.
 *
 * By default requests ask as a browser does: `Accept-Encoding: gzip, deflate, br, zstd` and cookies the app
 * never reads (consent, analytics). The same is then measured as curl asks: no Accept-Encoding, no cookie.
 * It also reports the cost of rendering each page once (p50, with the page cache off), the cache's hit rate
 * during the run, and the latency of the first requests after a cold start.
 *
 *   npm run bench:render-cost                 5 s per measurement, 50 connections, 3 rounds
 *   npm run bench:render-cost -- --duration 10 --rounds 5
 *   npm run bench:render-cost -- --no-page-cache   the same with every page rendered afresh (PAGE_CACHE=off)
 *
 * Rounds alternate the two servers so that noise from other work on the machine hits both alike; the ratio
 * uses the median of each. Exit code 1 when the browser-like run misses the target (issue 12): at least
 * 0.8× the static rate, p99 at most twice the static server's, no errors.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, median, pageCacheStats } from './browser-like.ts';
import { IMAGE_RUNTIME_ENV } from '../tests/support/image-runtime.ts';
import { freePort, spawnServer } from '../tests/support/process.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    paths: { type: 'string', default: '/,/products,/productDetails' },
    'no-page-cache': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const paths = values.paths.split(',');
const pageCache = values['no-page-cache'] ? 'off' : 'on';

/** One response's raw bytes, as sent (not decoded). */
function bytesOf(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    })
      .on('error', reject)
      .end();
  });
}

const fileOf = (page: string) => (page === '/' ? '/index.html' : `${page}.html`);

// Cold start: a fresh server and 50 connections asking for the three pages at once.
const cold = await spawnServer({ LOG_LEVEL: 'warn', PAGE_CACHE: pageCache, ...IMAGE_RUNTIME_ENV });
const coldRun = await autocannon({
  url: cold.origin,
  connections,
  amount: connections * 4,
  headers: BROWSER_HEADERS,
  requests: paths.map((page) => ({ path: page })),
});
cold.child.kill('SIGTERM');
await cold.exited;

// Render cost: each page rendered afresh, one request at a time.
const uncached = await spawnServer({ LOG_LEVEL: 'warn', PAGE_CACHE: 'off', ...IMAGE_RUNTIME_ENV });
const renderMs: Record<string, number> = {};
for (const page of paths) {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await bytesOf(uncached.origin + page, BROWSER_HEADERS);
    times.push(performance.now() - started);
  }
  renderMs[page] = median(times);
}
uncached.child.kill('SIGTERM');
await uncached.exited;

const metricsPort = await freePort();
const app = await spawnServer({
  LOG_LEVEL: 'warn',
  PAGE_CACHE: pageCache,
  METRICS_PORT: String(metricsPort),
  ...IMAGE_RUNTIME_ENV,
});
// The yardstick serves exactly the bytes the app sends: brotli, gzip and plain.
const dir = await mkdtemp(path.join(tmpdir(), 'storefront-static-'));
for (const page of paths) {
  const file = path.join(dir, fileOf(page));
  await bytesOf(app.origin + page, {});
  // The first request renders the page; brotli follows in the background.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await writeFile(file, await bytesOf(app.origin + page, {}));
  await writeFile(`${file}.gz`, await bytesOf(app.origin + page, { 'accept-encoding': 'gzip' }));
  await writeFile(`${file}.br`, await bytesOf(app.origin + page, { 'accept-encoding': 'br' }));
}
const staticPort = app.port + 1;
const staticServer = spawn(process.execPath, ['bench/static-server.ts', dir, String(staticPort)], { stdio: 'ignore' });
for (let i = 0; i < 100; i++) {
  if (
    await fetch(`http://127.0.0.1:${staticPort}/index.html`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

type Sample = { rate: number; p99: number; failures: number };
const measure = async (url: string, headers: Record<string, string>): Promise<Sample> => {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
};
let missed = false;
try {
  console.log(
    `render cost: ${rounds} alternating rounds of ${duration} s, ${connections} connections, 127.0.0.1, page cache ${pageCache}`,
  );
  for (const [label, headers] of [
    ['browser-like (Accept-Encoding: gzip, deflate, br, zstd; cookies)', BROWSER_HEADERS],
    ['curl-like (no Accept-Encoding, no cookie)', {}],
  ] as const) {
    console.log(`\n${label}`);
    console.log('page              app req/s  static req/s  app/static  app p99 ms  static p99 ms  errors');
    for (const page of paths) {
      const appSamples: Sample[] = [];
      const staticSamples: Sample[] = [];
      for (let round = 0; round < rounds; round++) {
        appSamples.push(await measure(app.origin + page, headers));
        staticSamples.push(await measure(`http://127.0.0.1:${staticPort}${fileOf(page)}`, headers));
      }
      const a = { rate: median(appSamples.map((s) => s.rate)), p99: median(appSamples.map((s) => s.p99)) };
      const s = { rate: median(staticSamples.map((x) => x.rate)), p99: median(staticSamples.map((x) => x.p99)) };
      const failures = appSamples.reduce((sum, sample) => sum + sample.failures, 0);
      if (headers === BROWSER_HEADERS && (a.rate / s.rate < 0.8 || a.p99 > 2 * s.p99 || failures > 0)) missed = true;
      console.log(
        `${page.padEnd(16)} ${a.rate.toFixed(0).padStart(10)} ${s.rate.toFixed(0).padStart(13)} ${(a.rate / s.rate).toFixed(2).padStart(11)} ${a.p99
          .toFixed(0)
          .padStart(11)} ${s.p99.toFixed(0).padStart(14)} ${String(failures).padStart(7)}`,
      );
    }
  }
  const stats = await pageCacheStats(app, metricsPort);
  console.log(`\npage cache during the run: ${stats}`);
  console.log('render once, page cache off, one request at a time (p50 ms):');
  for (const page of paths) console.log(`  ${page.padEnd(16)} ${renderMs[page]!.toFixed(1).padStart(6)}`);
  console.log(
    `cold start, first ${coldRun.requests.total} browser-like requests at ${connections} connections: p50 ${coldRun.latency.p50} ms, p99 ${coldRun.latency.p99} ms, errors ${coldRun.errors + coldRun.non2xx}`,
  );
  console.log(
    missed
      ? '\nMISSED the target (browser-like: ≥ 0.8× static, p99 ≤ 2× static, no errors)'
      : '\ntarget met (browser-like: ≥ 0.8× static, p99 ≤ 2× static, no errors)',
  );
  process.exitCode = missed ? 1 : 0;
} finally {
  staticServer.kill('SIGTERM');
  app.child.kill('SIGTERM');
  await app.exited;
}
