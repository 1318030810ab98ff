import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { createApp, type AppOptions } from '../../server.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

type Logged = { level: string; msg: string; pages?: number; left?: number };

/**
 * Runs an app's warm-up against a stand-in for the shop (`shop` answers its requests), and gives what it logged,
 * how long it took and when it returned. The stand-in stays up `lingerMs` after that.
 */
async function warmUpAgainst(shop: RequestListener, options: AppOptions = {}, lingerMs = 0) {
  const lines: string[] = [];
  // Warnings go to stderr, the rest to stdout.
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
  const { warmUp, close } = await createApp({ mode: 'production', logLevel: 'info', ...options });
  const server = createServer(shop);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const started = performance.now();
  try {
    await warmUp(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const returnedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, lingerMs));
    return { logged: lines.map((line) => JSON.parse(line) as Logged), ms: returnedAt - started, returnedAt };
  } finally {
    server.closeAllConnections();
    server.close();
    await close();
  }
}

/** A sitemap of the shop's pages at these paths. */
const sitemapOf = (paths: string[]) =>
  `<urlset>${paths.map((path) => `<url><loc>https://shop.example.com${path}</loc></url>`).join('')}</urlset>`;

const numbered = (count: number, path: (i: number) => string) => Array.from({ length: count }, (_, i) => path(i));

// An adopter's backend down at start: every warm-up page answered 500, and the log said "warmed up".
it('says which pages its warm-up could not store, at warn, instead of "warmed up"', async () => {
  // The shop as its data source fails: the sitemap lists two pages, which answer 500; unknown paths get 404.
  const { logged } = await warmUpAgainst((req, res) => {
    if (req.url === '/sitemap.xml') return void res.end(sitemapOf(['/', '/products']));
    res.statusCode = req.url === '/' || req.url === '/products' ? 500 : 404;
    res.end();
  });
  expect(logged.find((line) => line.msg === 'warmed up')).toBeUndefined();
  expect(logged.find((line) => line.msg.startsWith('warm-up: pages not stored'))).toMatchObject({
    level: 'warn',
    pages: 3,
    failed: ['500 /', '500 /products'],
  });
});

// An adopter's backend at 12 s a page held /readyz at "warming up" for 32 s, one page after another; a sitemap of
// many products would hold it for minutes.
it('warms as many pages at once as renders run, keeps their queries, and starts none past its time limit', async () => {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  // Twenty pages of 400 ms each: three at a time, a second in all, fit some nine.
  const pages = numbered(20, (i) => `/p?page=${i}&amp;x=1`);
  const { logged, ms } = await warmUpAgainst(
    (req, res) => {
      if (req.url === '/sitemap.xml') return void res.end(sitemapOf(pages));
      asked.push(req.url!);
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('page');
      }, 400);
    },
    { renderConcurrency: 3, warmUpLimitMs: 1_000 },
  );
  expect(ms).toBeLessThan(1_500);
  expect(most).toBe(3);
  expect(asked[0]).toBe('/p?page=0&x=1');
  expect(asked.length).toBeGreaterThanOrEqual(6);
  expect(asked.length).toBeLessThanOrEqual(12);
  const said = logged.find((line) => line.msg.startsWith('warm-up: pages not stored'));
  expect(said).toMatchObject({ level: 'warn', pages: 21 });
  expect(said!.left).toBe(21 - asked.length);
});

it('counts its time limit from its start, a slow sitemap included', async () => {
  const { ms } = await warmUpAgainst(
    (req, res) => {
      const body = req.url === '/sitemap.xml' ? sitemapOf(numbered(10, (i) => `/p${i}`)) : 'page';
      setTimeout(() => res.end(body), req.url === '/sitemap.xml' ? 600 : 900);
    },
    { warmUpLimitMs: 1_000 },
  );
  // (Counted from after the sitemap it would end with the first pages, at 1.5 s.)
  expect(ms).toBeLessThan(1_300);
});

it('starts no page once a request of its own has failed', async () => {
  const asked: Array<{ page: string; at: number }> = [];
  // The second page's connection is cut: its fetch fails, and with it the warm-up.
  const { returnedAt } = await warmUpAgainst(
    (req, res) => {
      if (req.url === '/sitemap.xml') return void res.end(sitemapOf(numbered(10, (i) => `/p${i}`)));
      asked.push({ page: req.url!, at: performance.now() });
      if (req.url === '/p1') return void req.socket.destroy();
      setTimeout(() => res.end('page'), 200);
    },
    { renderConcurrency: 2 },
    800,
  );
  expect(asked.filter(({ at }) => at > returnedAt)).toEqual([]);
});
