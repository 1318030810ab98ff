/**
 * Main-thread benchmark (not a test): `npm run bench:main-thread` (after `npm run build`).
 *
 * What a page's main thread does while it loads, counted in CPU time. Lighthouse's total blocking time counts
 * wall time, which on this shared 2-core machine is often twice the CPU time and moves from minute to minute
 * (docs/performance.md#where-the-blocking-time-comes-from); CPU time shows what a change to the shop's code does.
 *
 * Starts the production server on 127.0.0.1 and loads each route in Debian's Chromium at Lighthouse's mobile
 * viewport (412×823, 1.75×, touch), unthrottled, in a fresh browser each time, tracing until the page is
 * hydrated and 1.5 s more. Per route, the median of the loads:
 * - **longest script task**: the longest task after the first contentful paint that runs the page's JavaScript
 *   (a function call, a script or a module evaluated), in CPU milliseconds;
 * - **blocking**: Σ(4 × CPU − 50 ms) over the tasks after the first contentful paint, as Lighthouse adds up
 *   blocking time for its 4× slower CPU, but on CPU time;
 * - **hydrated**: when the page marked itself hydrated (root.tsx), from the navigation's start, wall time
 *   (watched from the page's own world: no script of Playwright's runs in the page while it is traced).
 *
 * CPU time does not show work a change moves to another thread of the page (a worker, V8's background
 * compilation), which still takes the main thread's CPU on a machine with few cores: judge such a change by
 * wall time as well (`npm run lighthouse`).
 *
 * `--baseline DIR` loads another checkout's build too, alternating with this one, and prints both.
 * `--runs N` (default 5), `--routes /,/products` (default every route).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { paths } from '../app/paths.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { spawnServer, type ServerProcess } from '../tests/support/process.ts';
import { median } from './browser-like.ts';
import { pageMainThread, SCRIPT_EVENTS, within, type TraceEvent } from './trace.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    routes: { type: 'string', default: Object.values(paths).join(',') },
    baseline: { type: 'string' },
  },
});

type Load = { longestScript: number; blocking: number; hydrated: number };

/** When the page marks itself hydrated (root.tsx), ms from the navigation's start: a promise, in the page. */
const HYDRATED_AT = `new Promise((resolve) => {
  const hydrated = () => document.documentElement.dataset.hydrated === 'true';
  if (hydrated()) return resolve(performance.now());
  new MutationObserver((_, observer) => {
    if (hydrated()) observer.disconnect(), resolve(performance.now());
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
})`;

/** The page's main thread in a trace: its tasks after the first contentful paint, in CPU time. */
function mainThreadWork(events: TraceEvent[], origin: string): Omit<Load, 'hydrated'> {
  const main = pageMainThread(events, origin);
  const pid = main[0]!.pid;
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid)!.ts;
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ts > firstPaint);
  const cpuMs = (task: TraceEvent) => (task.tdur ?? task.dur!) / 1000;
  const runsScript = (task: TraceEvent) => within(task, main).some((event) => SCRIPT_EVENTS.has(event.name));
  return {
    longestScript: Math.max(0, ...tasks.filter(runsScript).map(cpuMs)),
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, 4 * cpuMs(task) - 50), 0),
  };
}

async function load(origin: string, route: string): Promise<Load> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,v8.execute',
      transferMode: 'ReportEvents',
    });
    await page.goto(origin + route, { waitUntil: 'load' });
    // Waited for through CDP in the page's own world: Playwright's waitForFunction would first evaluate its
    // injected script in the page's renderer, a task of 7–11 ms of CPU on the very thread this measures.
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: HYDRATED_AT,
      awaitPromise: true,
      returnByValue: true,
    });
    const hydrated = result.value as number;
    await page.waitForTimeout(1500);
    await cdp.send('Tracing.end');
    await complete;
    return { ...mainThreadWork(events, origin), hydrated };
  } finally {
    await browser.close();
  }
}

const servers: Array<[string, ServerProcess]> = [['this build', await spawnServer({ LOG_LEVEL: 'warn' })]];
if (values.baseline) {
  const root = path.resolve(values.baseline);
  servers.push([`baseline ${root}`, await spawnServer({ LOG_LEVEL: 'warn' }, root)]);
}
try {
  console.log(`Main thread after the first contentful paint, CPU time, median of ${values.runs} loads`);
  console.log('route            build                 longest script task ms   blocking ms   hydrated ms');
  for (const route of values.routes.split(',')) {
    const loads = new Map<string, Load[]>(servers.map(([name]) => [name, []]));
    // The builds alternate, so that the machine's slower minutes fall on both.
    for (let run = 0; run < Number(values.runs); run++) {
      for (const [name, server] of servers) loads.get(name)!.push(await load(server.origin, route));
    }
    for (const [name, results] of loads) {
      console.log(
        [
          route.padEnd(16),
          name.slice(0, 20).padEnd(21),
          median(results.map((result) => result.longestScript))
            .toFixed(1)
            .padStart(23),
          median(results.map((result) => result.blocking))
            .toFixed(0)
            .padStart(13),
          median(results.map((result) => result.hydrated))
            .toFixed(0)
            .padStart(13),
        ].join(' '),
      );
    }
  }
} finally {
  for (const [, server] of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}
