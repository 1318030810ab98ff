import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { createApp } from '../../server.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

// An adopter's backend down at start: every warm-up page answered 500, and the log said "warmed up".
it('says which pages its warm-up could not store, at warn, instead of "warmed up"', async () => {
  const lines: string[] = [];
  // Warnings go to stderr, the rest to stdout.
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
  const { warmUp, close } = await createApp({ mode: 'production', logLevel: 'info' });
  // The shop as its data source fails: the sitemap lists two pages, which answer 500; unknown paths get 404.
  const shop = createServer((req, res) => {
    if (req.url === '/sitemap.xml') {
      res.end(
        '<urlset><url><loc>https://shop.example.com/</loc></url><url><loc>https://shop.example.com/products</loc></url></urlset>',
      );
      return;
    }
    res.statusCode = req.url === '/' || req.url === '/products' ? 500 : 404;
    res.end();
  });
  shop.listen(0, '127.0.0.1');
  await once(shop, 'listening');
  try {
    await warmUp(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`);
  } finally {
    shop.close();
    await close();
  }
  const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
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
  const lines: string[] = [];
  for (const stream of [process.stdout, process.stderr])
    vi.spyOn(stream, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
  const { warmUp, close } = await createApp({
    mode: 'production',
    logLevel: 'info',
    renderConcurrency: 3,
    warmUpLimitMs: 1_000,
  });
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  // Twenty pages of 400 ms each: three at a time, a second in all, fit some nine.
  const locs = Array.from(
    { length: 20 },
    (_, i) => `<url><loc>https://shop.example.com/p?page=${i}&amp;x=1</loc></url>`,
  );
  const shop = createServer((req, res) => {
    if (req.url === '/sitemap.xml') return void res.end(`<urlset>${locs.join('')}</urlset>`);
    asked.push(req.url!);
    most = Math.max(most, ++inFlight);
    setTimeout(() => {
      inFlight--;
      res.end('page');
    }, 400);
  });
  shop.listen(0, '127.0.0.1');
  await once(shop, 'listening');
  const started = performance.now();
  try {
    await warmUp(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`);
    expect(performance.now() - started).toBeLessThan(1_500);
  } finally {
    shop.closeAllConnections();
    shop.close();
    await close();
  }
  expect(most).toBe(3);
  expect(asked[0]).toBe('/p?page=0&x=1');
  expect(asked.length).toBeGreaterThanOrEqual(6);
  expect(asked.length).toBeLessThanOrEqual(12);
  const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string; left?: number });
  const said = logged.find((line) => line.msg.startsWith('warm-up: pages not stored'));
  expect(said).toMatchObject({ level: 'warn', pages: 21 });
  expect(said!.left).toBe(21 - asked.length);
});

it('counts its time limit from its start, a slow sitemap included', async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const { warmUp, close } = await createApp({ mode: 'production', logLevel: 'info', warmUpLimitMs: 1_000 });
  const locs = Array.from({ length: 10 }, (_, i) => `<url><loc>https://shop.example.com/p${i}</loc></url>`);
  const shop = createServer((req, res) => {
    const body = req.url === '/sitemap.xml' ? `<urlset>${locs.join('')}</urlset>` : 'page';
    setTimeout(() => res.end(body), req.url === '/sitemap.xml' ? 600 : 900);
  });
  shop.listen(0, '127.0.0.1');
  await once(shop, 'listening');
  const started = performance.now();
  try {
    await warmUp(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`);
    // (Counted from after the sitemap it would end with the first pages, at 1.5 s.)
    expect(performance.now() - started).toBeLessThan(1_300);
  } finally {
    shop.closeAllConnections();
    shop.close();
    await close();
  }
});

it('starts no page once a request of its own has failed', async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const { warmUp, close } = await createApp({ mode: 'production', logLevel: 'info', renderConcurrency: 2 });
  const locs = Array.from({ length: 10 }, (_, i) => `<url><loc>https://shop.example.com/p${i}</loc></url>`);
  const asked: Array<{ page: string; at: number }> = [];
  // The second page's connection is cut: its fetch fails, and with it the warm-up.
  const shop = createServer((req, res) => {
    if (req.url === '/sitemap.xml') return void res.end(`<urlset>${locs.join('')}</urlset>`);
    asked.push({ page: req.url!, at: performance.now() });
    if (req.url === '/p1') return void req.socket.destroy();
    setTimeout(() => res.end('page'), 200);
  });
  shop.listen(0, '127.0.0.1');
  await once(shop, 'listening');
  try {
    await warmUp(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`);
    const returned = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(asked.filter(({ at }) => at > returned)).toEqual([]);
  } finally {
    shop.closeAllConnections();
    shop.close();
    await close();
  }
});
