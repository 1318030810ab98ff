/**
 * Navigation benchmark (not a test): `npm run bench:navigation` (after `npm run build`).
 *
 * Starts the production server on 127.0.0.1 and, in Debian's Chromium throttled as Lighthouse's mobile preset
 * throttles with DevTools (its mobileSlow4G values: 562.5 ms per request, 1,474.56 Kbps down, 675 Kbps up, CPU
 * 4× slower), moves from page to page by the top bar as a shopper would: from the home page, each link of the
 * top bar in turn, the home page last. For each it hovers the link for 200 ms, clicks it, and times from the
 * click to the end of the main thread's painting of the first frame in which the new page's main heading (its
 * `<main>`'s h1) is in the DOM, measured in the page. It prints each, with the requests the navigation had to wait for after the click (those the hover had
 * not already fetched) and what the hover fetched.
 *
 * It walks twice, with each of Lighthouse's two views of the same link and prints both: 562.5 ms a request (what
 * Lighthouse applies when it throttles through DevTools: its 150 ms round trip × 3.75, for the connections a
 * new request may need) and 150 ms (the round trip its simulated score uses; the shop's requests here go over
 * connections already open). `--latency MS` walks with that latency only.
 *
 * `--runs N` repeats the walk in N fresh browser contexts (caches empty at each start) and prints the median;
 * `--no-hover` clicks at once (no time for prefetching).
 */
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { paths } from '../app/paths.ts';
import { launchBrowser, waitForHydration } from '../tests/support/browser.ts';
import { spawnServer } from '../tests/support/process.ts';
import { median } from './browser-like.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-hover': { type: 'boolean', default: false },
    latency: { type: 'string' },
  },
});

/** Lighthouse 13's mobileSlow4G, as it applies them with DevTools throttling (throughput in bytes per second). */
const throttlingAt = (latency: number) => ({
  latency,
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
  cpuSlowdown: 4,
});
const latencies = values.latency ? [Number(values.latency)] : [150 * 3.75, 150];
const HOVER_MS = values['no-hover'] ? 0 : 200;

/** The top bar's links in order, then home: each is clicked from the page the previous one opened. */
const walk = [paths.products, paths.about, paths.contacts, paths.journal, paths.productDetails, paths.home];
const labels: Record<string, string> = {
  [paths.home]: 'Home',
  [paths.products]: 'Shop',
  [paths.about]: 'About',
  [paths.contacts]: 'Contacts',
  [paths.journal]: 'Journal',
  [paths.productDetails]: 'Product Details',
};

type Step = { from: string; to: string; ms: number; waitedFor: string[]; hoverFetched: number };

/** The text of a page's main heading, from its server HTML. */
async function mainHeading(origin: string, path: string): Promise<string> {
  const html = await (await fetch(origin + path)).text();
  const main = html.slice(html.indexOf('<main'));
  return main
    .match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/)![1]!
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Records the requests the page sends and where each was answered from, by CDP (service worker and all). */
function watchRequests(cdp: CDPSession) {
  const sent = new Map<string, { url: string; at: number; network: boolean }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.set(event.requestId, { url: event.request.url, at: Date.now(), network: true });
  });
  const fromCache = (requestId: string) => {
    const request = sent.get(requestId);
    if (request) request.network = false;
  };
  cdp.on('Network.requestServedFromCache', (event) => fromCache(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker)
      fromCache(event.requestId);
  });
  return {
    since: (at: number) => [...sent.values()].filter((request) => request.at >= at),
  };
}

/** Hovers a link of the top bar, clicks it, and times the click to the new page's heading in the page itself. */
async function step(page: Page, requests: ReturnType<typeof watchRequests>, from: string, to: string, heading: string) {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: labels[to], exact: true });
  const box = (await link.boundingBox())!;
  // The clock starts in the page on the click and stops once the first frame showing the new heading is
  // painted: a frame's callbacks see the heading, and a message posted from them is handled after that frame's
  // style, layout and paint (and after any task queued before it). Not the callback's own timestamp: that is
  // when the frame was scheduled, which for a frame held up by a long task (the new page's render) is before
  // that task ended.
  await page.evaluate(
    ([path, text]) => {
      const store = window as unknown as { navigationMs?: Promise<number> };
      store.navigationMs = new Promise((resolve) => {
        document.addEventListener(
          'click',
          (event) => {
            const start = event.timeStamp;
            const check = () => {
              const h1 = document.querySelector('main h1');
              if (location.pathname === path && h1?.textContent?.trim() === text) {
                const afterPaint = new MessageChannel();
                afterPaint.port1.onmessage = () => {
                  resolve(performance.now() - start);
                  afterPaint.port1.close();
                };
                afterPaint.port2.postMessage(null);
              } else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          },
          { capture: true, once: true },
        );
      });
    },
    [to, heading] as const,
  );
  const hoverAt = Date.now();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(HOVER_MS);
  const clickAt = Date.now();
  await page.mouse.down();
  await page.mouse.up();
  const ms = await page.evaluate(() => (window as unknown as { navigationMs: Promise<number> }).navigationMs);
  const afterClick = requests.since(clickAt).filter((request) => request.network);
  const onHover = requests.since(hoverAt).filter((request) => request.at < clickAt && request.network);
  return {
    from,
    to,
    ms,
    waitedFor: afterClick.map((request) => new URL(request.url).pathname.replace(/^\/assets\//, '')),
    hoverFetched: onHover.length,
  } satisfies Step;
}

const server = await spawnServer({ LOG_LEVEL: 'warn' });
const browser = await launchBrowser();
try {
  const headings = new Map(
    await Promise.all(walk.map(async (to) => [to, await mainHeading(server.origin, to)] as const)),
  );
  for (const throttling of latencies.map(throttlingAt)) {
    const runs: Step[][] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttling });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
      const requests = watchRequests(cdp);
      await page.goto(server.origin + paths.home);
      const steps: Step[] = [];
      let from: string = paths.home;
      for (const to of walk) {
        steps.push(await step(page, requests, from, to, headings.get(to)!));
        from = to;
      }
      runs.push(steps);
      await context.close();
    }

    console.log(
      `Click to the new page's main heading, ${HOVER_MS} ms hover first; Chromium at Lighthouse's mobileSlow4G ` +
        `(${throttling.latency} ms a request, ${((throttling.downloadThroughput * 8) / 1024).toFixed(0)} Kbps, CPU ` +
        `${throttling.cpuSlowdown}x); median of ${runs.length} walks, production server on 127.0.0.1`,
    );
    console.log(
      'link              from             to                 ms   runs (ms)            hover  waited for after the click',
    );
    walk.forEach((to, index) => {
      const steps = runs.map((steps) => steps[index]!);
      const times = steps.map((step) => step.ms);
      const typical = steps.find((step) => step.ms === median(times))!;
      console.log(
        [
          labels[to]!.padEnd(17),
          typical.from.padEnd(16),
          to.padEnd(16),
          median(times).toFixed(0).padStart(5),
          `  ${times.map((ms) => ms.toFixed(0)).join(', ')}`.padEnd(22),
          String(typical.hoverFetched).padStart(5),
          typical.waitedFor.length ? typical.waitedFor.join(', ') : '-',
        ].join(' '),
      );
    });
    console.log();
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
}
