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
