/**
 * Lighthouse audit of every route (not a test): `npm run lighthouse` (after `npm run build`).
 *
 * Starts the production server on 127.0.0.1, runs Lighthouse 13 with Debian's Chromium (CHROME_PATH, else
 * /usr/bin/chromium) three times per route on the mobile preset (simulated slow 4G and a 4× slower CPU) and
 * prints the median run's scores and metrics (FCP, LCP, CLS, TBT), and the SEO audits that failed. `--runs N` changes the count,
 * `--desktop` uses the desktop preset, `--routes /,/products` audits only those. `--without-headers a,b` puts a
 * proxy in front of the server that removes those response headers, to measure what they cost (e.g.
 * `cross-origin-opener-policy`: docs/performance.md#coop-and-the-commit-task).
 *
 * Each route's page is stored, with its brotli copy, before its runs (as a shopper finds it once someone has
 * asked for it), so no run measures the server compressing it on the same cores.
 *
 * Then, from each median run's own trace, the tasks of the page's main thread that took 12.5 ms or more as
 * observed (unthrottled wall time): those Lantern, Lighthouse's simulator, can count as blocking once it
 * multiplies them (×4, layout ×2). Each is named by what it mostly did: Chromium's commit of the navigation,
 * the parse, style and layout, script, other (docs/performance.md#where-the-blocking-time-comes-from).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { spawnServer } from '../tests/support/process.ts';
import { startProxy } from '../tests/support/proxy.ts';
import { pageMainThread, taskKind, type TraceEvent } from './trace.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    desktop: { type: 'boolean', default: false },
    'without-headers': { type: 'string', default: '' },
    routes: {
      type: 'string',
      default:
        '/,/products,/productDetails,/about,/contacts,/login,/signUp,/myAccount,/cart,/checkOut,/notfound,/journal',
    },
  },
});

type Report = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { numericValue?: number; score: number | null }>;
};

function lighthouse(url: string, output: string): Promise<void> {
  const chromeFlags =
    '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${chromeFlags}`,
    // The trace, beside the report (report-N-0.trace.json), for the long tasks.
    '--save-assets',
  ];
  if (values.desktop) args.push('--preset=desktop');
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code} for ${url}`))));
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART), twice running at times; it then tries again. */
async function lighthouseWithRetries(url: string, output: string, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, output);
    } catch (error) {
      if (attempt === attempts) throw error;
    }
  }
}

/**
 * Has the server store the route's page and finish its brotli copy before the route's runs. The first request
 * for a page renders it and compresses it with brotli at quality 11 in the background (a few hundred ms of CPU
 * on `/`). Here the server shares the machine's cores with the browser loading that page, so the first run
 * would count that compression against the page; a shopper's phone never shares the server's CPU.
 */
async function warm(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
    if (response.headers.get('content-encoding') === 'br') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no brotli copy of ${url} after 100 requests`);
}

const score = (report: Report, category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);

/** The scored audits of a category that did not pass, e.g. `is-crawlable` on a page that says noindex. */
const failedAudits = (report: Report, category: string) =>
  (report.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);

/** The tasks of 12.5 ms or more on the page's main thread, in order, as "kind ms". */
async function longTasks(tracePath: string, origin: string): Promise<string> {
  const trace = JSON.parse(await readFile(tracePath, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const main = pageMainThread(Array.isArray(trace) ? trace : trace.traceEvents, origin);
  return main
    .filter((event) => event.name === 'RunTask' && event.dur! >= 12_500)
    .map((task) => `${taskKind(task, main)} ${Math.round(task.dur! / 1000)}`)
    .join(' · ');
}

const server = await spawnServer({ LOG_LEVEL: 'warn' });
const removed = values['without-headers'].split(',').filter(Boolean);
// A proxy in front of the server that removes those headers from every response.
const proxy = removed.length
  ? await startProxy(
      () => server.port,
      (headers) => removed.forEach((name) => delete headers[name.toLowerCase()]),
    )
  : undefined;
const origin = proxy?.origin ?? server.origin;
const dir = await mkdtemp(path.join(tmpdir(), 'storefront-lighthouse-'));
try {
  const runs = Number(values.runs);
  console.log(
    `Lighthouse ${LIGHTHOUSE.split('@')[1]}, ${values.desktop ? 'desktop' : 'mobile'} preset, median of ${runs} runs, production server on 127.0.0.1${removed.length ? `, without ${removed.join(', ')}` : ''}`,
  );
  console.log('route            perf  a11y  best   seo    FCP ms    LCP ms   CLS     TBT ms   SEO audits failed');
  const tasks: string[] = [];
  for (const route of values.routes.split(',')) {
    const reports: Report[] = [];
    await warm(origin + route);
    for (let run = 0; run < runs; run++) {
      const output = path.join(dir, `report-${run}.json`);
      await lighthouseWithRetries(origin + route, output);
      reports.push(JSON.parse(await readFile(output, 'utf8')) as Report);
    }
    // The median run by performance score; its metrics are reported with it.
    const median = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
      Math.floor(runs / 2)
    ]!;
    tasks.push(
      `${route.padEnd(16)}${await longTasks(path.join(dir, `report-${reports.indexOf(median)}-0.trace.json`), origin)}`,
    );
    const metric = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
    console.log(
      [
        route.padEnd(15),
        String(score(median, 'performance')).padStart(5),
        String(score(median, 'accessibility')).padStart(5),
        String(score(median, 'best-practices')).padStart(5),
        String(score(median, 'seo')).padStart(5),
        metric('first-contentful-paint').toFixed(0).padStart(9),
        metric('largest-contentful-paint').toFixed(0).padStart(9),
        metric('cumulative-layout-shift').toFixed(3).padStart(7),
        metric('total-blocking-time').toFixed(0).padStart(9),
        ' ' + (failedAudits(median, 'seo').join(', ') || '-'),
      ].join(' '),
    );
  }
  console.log('\nMedian runs: main-thread tasks of 12.5 ms or more, as observed (wall ms, in order)');
  for (const line of tasks) console.log(line);
} finally {
  await rm(dir, { recursive: true, force: true });
  proxy?.close();
  server.child.kill('SIGTERM');
  await server.exited;
}
