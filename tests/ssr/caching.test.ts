import { get, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server.ts';
import { registry } from '../../server/metrics.ts';
import {
  PRIVATE_DATA_CACHE_CONTROL,
  SHARED_CDN_CACHE_CONTROL,
  SHARED_DATA_CACHE_CONTROL,
  SHARED_PAGE_CACHE_CONTROL,
} from '../../server/page-handler.ts';
import { fetchPage, startServer, type RunningServer } from '../support/server.ts';

/** A production app on a free port of 127.0.0.1. */
async function listen(options: { pageCache?: boolean; publicUrl?: string } = {}) {
  const { app } = await createApp({ mode: 'production', logLevel: 'silent', ...options });
  const listener = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  return {
    port: (listener.address() as { port: number }).port,
    origin: `http://127.0.0.1:${(listener.address() as { port: number }).port}`,
    close: () => {
      listener.closeAllConnections();
      listener.close();
    },
  };
}

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** node:http, so that nothing is decoded or added (fetch decompresses, and adds headers to conditional requests). */
function raw(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(origin + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', cookie: 'consent=1; _ga=GA1.1.2024.1700000000' };
const decode = (response: Raw) =>
  response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.body)
    : response.headers['content-encoding'] === 'gzip'
      ? gunzipSync(response.body)
      : response.body;

let server: RunningServer;
let uncached: Awaited<ReturnType<typeof listen>>;
let shared: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  [server, uncached, shared] = await Promise.all([
    startServer(),
    listen({ pageCache: false }),
    listen({ publicUrl: 'https://shop.example.com' }),
  ]);
});
afterAll(async () => {
  uncached.close();
  shared.close();
  await server.close();
});

const pages = [
  '/',
  '/products',
  '/productDetails',
  '/about',
  '/cart',
  '/notfound',
  '/journal',
  '/robots.txt',
  '/sitemap.xml',
];

describe('pages rendered once and served like static files', () => {
  it.each(pages)('%s is the very document a fresh render gives', async (path) => {
    // Both asked for by the same Host, since pages name their origin.
    const fresh = await raw(uncached.origin, path, { host: 'shop.test' });
    const cached = await raw(server.origin, path, { host: 'shop.test' });
    expect(cached.body.toString()).toBe(fresh.body.toString());
    expect(cached.headers['content-security-policy']).toBe(fresh.headers['content-security-policy']);
  });

  it('gives requests with different cookies (or none) the same bytes and ETag', async () => {
    const answers = await Promise.all(
      ['', 'consent=1', 'consent=1; _ga=GA1.1.1.2', 'session=abc'].map((cookie) =>
        raw(server.origin, '/products', { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(answers[0]!.body)).toBe(true);
      expect(answer.headers.etag).toBe(answers[0]!.headers.etag);
    }
  });

  it('sends brotli to browsers (which list gzip first), gzip to gzip-only clients, plain text otherwise: one document', async () => {
    await raw(server.origin, '/about', BROWSER);
    // Brotli at quality 11 is made in the background after the first render, one page at a time, behind the
    // pages rendered at start: on a busy machine that takes more than expect.poll's default second.
    await expect
      .poll(async () => (await raw(server.origin, '/about', BROWSER)).headers['content-encoding'], { timeout: 15_000 })
      .toBe('br');
    const [br, gzip, plain] = await Promise.all([
      raw(server.origin, '/about', BROWSER),
      raw(server.origin, '/about', { 'accept-encoding': 'gzip' }),
      raw(server.origin, '/about'),
    ]);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(br).equals(plain.body)).toBe(true);
    expect(decode(gzip).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    const etags = [br, gzip, plain].map((answer) => answer.headers.etag!);
    for (const answer of [br, gzip, plain]) {
      // Strong validators, one per encoding; every variant says it varies by encoding and how long it is.
      expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(new Set(etags).size).toBe(3);
  });

  it('answers a conditional GET with 304 and no body, and HEAD like GET without one', async () => {
    const first = await raw(server.origin, '/products', BROWSER);
    const again = await raw(server.origin, '/products', { ...BROWSER, 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    // No policy at all, not the one for non-page responses: the browser keeps the page's own, stored with it.
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect((await raw(server.origin, '/products', { ...BROWSER, 'if-none-match': '"something-else"' })).status).toBe(
      200,
    );
    // If-Match (RFC 9110, 13.1.1: a server MUST evaluate it): 412 for another version, strongly compared, and
    // before If-None-Match.
    const ifMatch = async (tags: string, more: Record<string, string> = {}) =>
      (await raw(server.origin, '/products', { ...BROWSER, 'if-match': tags, ...more })).status;
    expect(await ifMatch('"something-else"')).toBe(412);
    // Never stored: a cache that passed If-Match on could keep the refusal for every shopper.
    const refused = await raw(server.origin, '/products', { ...BROWSER, 'if-match': '"something-else"' });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['cdn-cache-control']).toBeUndefined();
    expect(await ifMatch(`W/${first.headers.etag!}`)).toBe(412);
    expect(await ifMatch(`"a", ${first.headers.etag!}`)).toBe(200);
    expect(await ifMatch('*')).toBe(200);
    expect(await ifMatch('"a"', { 'if-none-match': first.headers.etag! })).toBe(412);
    expect(await ifMatch(first.headers.etag!, { 'if-none-match': first.headers.etag! })).toBe(304);
    const head = await raw(server.origin, '/products', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    // A HEAD for a page nobody has asked for yet is answered too (and stores the page for the next GET).
    const coldHead = await raw(server.origin, '/contacts', {}, 'HEAD');
    expect(coldHead.status).toBe(200);
    expect(coldHead.headers.etag).toMatch(/^"/);
  });

  it('never stores POST answers or redirects', async () => {
    const answer = await raw(server.origin, '/products?page=0', BROWSER);
    expect(answer.status).toBe(302);
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers['cache-control'] ?? '').not.toMatch(/public|s-maxage/);
    const post = await fetch(`${server.origin}/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: 'name=Ann',
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('etag')).toBeNull();
    expect(post.headers.get('cache-control') ?? '').not.toMatch(/public|s-maxage/);
    expect(await post.text()).toContain('nothing was sent or saved');
    // The stored GET is untouched by the POST.
    expect(await (await fetch(`${server.origin}/contacts`)).text()).not.toContain('nothing was sent or saved');
  });

  it('never serves a page built for one query to another', async () => {
    const [one, two] = await Promise.all([
      fetchPage(server.origin, '/products?page=2'),
      fetchPage(server.origin, '/products?page=3'),
    ]);
    expect(one.html).toContain('/products?page=2"');
    expect(two.html).toContain('/products?page=3"');
    expect(one.headers.get('etag')).not.toBe(two.headers.get('etag'));
  });
});

describe('one render per meaning: parameters no route reads, and unknown paths', () => {
  /** Renders done so far by every app of this file (the metrics registry is the process's). */
  const renders = async () =>
    Number((await registry.metrics()).match(/^render_duration_seconds_count (\d+)$/m)?.[1] ?? 0);

  it.each([
    ['/about', '/about?utm_source=news&utm_medium=email&gclid=abc'],
    ['/products?sort=uk', '/products?fbclid=x&sort=uk&cb=123'],
    ['/products?page=2&limit=24', '/products?limit=24&cb=1&page=2'],
    ['/myAccount?tab=downloads', '/myAccount?tab=downloads&_ga=1'],
  ])('answers %s and %s from one render, with the same bytes', async (canonical, decorated) => {
    const first = await raw(server.origin, canonical, BROWSER);
    const before = await renders();
    const again = await raw(server.origin, decorated, BROWSER);
    expect(again.status).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(decode(again).equals(decode(first))).toBe(true);
    expect((await renders()) - before, 'renders for the decorated URL').toBe(0);
  });

  it('renders the not-found page once and answers every unknown path with its bytes and status 404', async () => {
    const first = await raw(server.origin, '/never-seen-1', BROWSER);
    expect(first.status).toBe(404);
    const before = await renders();
    for (const path of ['/never-seen-2', '/a/b/c?x=1', '/products/xyz', '/%E2%80%A8']) {
      const again = await raw(server.origin, path, BROWSER);
      expect(again.status, path).toBe(404);
      expect(decode(again).equals(decode(first)), path).toBe(true);
    }
    // Its data for a client navigation likewise.
    const data = await Promise.all(['/nope-1.data', '/nope-2.data?z=1'].map((path) => raw(server.origin, path)));
    expect(data.map((answer) => answer.status)).toEqual([404, 404]);
    expect(data[1]!.body.equals(data[0]!.body)).toBe(true);
    // A form posted to no page (a mistyped action) gets the page too, not a 405 rendered anew.
    const postToNoPage = (origin: string) =>
      raw(origin, '/no-such-form', { ...BROWSER, origin, 'content-type': 'application/x-www-form-urlencoded' }, 'POST');
    const posted = await postToNoPage(server.origin);
    expect(posted.status).toBe(404);
    expect(decode(posted).equals(decode(first))).toBe(true);
    expect((await renders()) - before, 'renders for the other unknown paths').toBe(1);
    // A post to no page where nothing is stored (PAGE_CACHE=off, development): rendered as the page's GET.
    expect((await postToNoPage(uncached.origin)).status).toBe(404);
    // Sharing it is right only while the not-found page names no path: rendered afresh for any path, it is the
    // same bytes, under a route's path too (React Router's manifest in the page once listed the routes there).
    const fresh = await Promise.all(
      ['/never-seen-a/x', '/never-seen-b?y=2', '/products/xyz', '/journal/x/y'].map((path) =>
        raw(uncached.origin, path, BROWSER),
      ),
    );
    for (const answer of fresh.slice(1)) expect(decode(answer).equals(decode(fresh[0]!))).toBe(true);
    // A stored 404 ignores preconditions (RFC 9110, 13.2.1): it is sent whole.
    const conditional = await raw(server.origin, '/never-seen-3', { ...BROWSER, 'if-none-match': first.headers.etag! });
    expect(conditional.status).toBe(404);
  });

  it('redirects another spelling of a route’s path to the route’s own, before rendering anything', async () => {
    const before = await renders();
    for (const [path, location] of [
      ['/About', '/about'],
      ['/products/?page=2', '/products?page=2'],
      ['/%70roducts', '/products'],
      ['/productdetails', '/productDetails'],
      // Repeated slashes, known path or not (the browser's router reads `//x` as under `/`).
      ['//about', '/about'],
      ['//no-such//page?x=1', '/no-such/page?x=1'],
    ]) {
      const answer = await raw(server.origin, path!, BROWSER);
      expect(answer.status, path).toBe(308);
      expect(answer.headers.location, path).toBe(location);
    }
    expect((await renders()) - before).toBe(0);
  });

  it('gives the loader none of the parameters its route does not read, and a redirect passes them on', async () => {
    const page = await fetchPage(server.origin, '/products?page=3&utm_source=mail');
    expect(page.html).not.toContain('utm_source');
    const redirect = await raw(server.origin, '/products?page=0&utm_source=mail&utm_medium=x');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/products?utm_source=mail&utm_medium=x');
  });

  it('passes them on only as far as a URL the server takes: a redirect’s headers stay small', async () => {
    // Re-encoded, 1,990 `~` became 5,970 bytes of Location: more than nginx reads a response's headers into,
    // which it counts as the replica failing (an attack run took every replica out of rotation so).
    const redirect = await raw(server.origin, `/products?page=02&x=${'~'.repeat(1990)}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('/products?page=2');
  });
});

describe('without PUBLIC_URL: pages carry the request host, so only browsers may keep them', () => {
  it('never serves a page built for one Host to another', async () => {
    const a = await raw(server.origin, '/about', { host: 'a.example' });
    const b = await raw(server.origin, '/about', { host: 'b.example' });
    expect(a.body.toString()).toContain('<link rel="canonical" href="http://a.example/about"/>');
    expect(b.body.toString()).toContain('<link rel="canonical" href="http://b.example/about"/>');
    expect(b.body.toString()).not.toContain('a.example');
  });

  it.each(['/about', '/robots.txt', '/sitemap.xml'])(
    '%s is private to the browser (no shared cache stores it)',
    async (path) => {
      const answer = await raw(server.origin, path, BROWSER);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      expect(answer.headers.etag).toMatch(/^"/);
    },
  );

  it('a page’s data stays fresh in the browser for a few seconds, so that a prefetch on intent serves the click', async () => {
    const answer = await raw(server.origin, '/products.data?_routes=routes%2Fproducts', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(PRIVATE_DATA_CACHE_CONTROL);
    expect(answer.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // Not the data of an unknown path, which is the not-found page's.
    expect((await raw(server.origin, '/nope.data', BROWSER)).headers['cache-control']).toBe('private, no-cache');
  });
});

describe('with PUBLIC_URL: pages name it whatever the Host, and shared caches may keep them', () => {
  it.each(['/about', '/robots.txt', '/sitemap.xml'])(
    '%s is public for shared caches, revalidated by browsers',
    async (path) => {
      const answer = await raw(shared.origin, path, BROWSER);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=60$/);
      // Stale copies for a day, said to CDNs alone: browsers apply stale-while-revalidate too (0004).
      expect(answer.headers['cdn-cache-control']).toBe(SHARED_CDN_CACHE_CONTROL);
      expect(answer.headers['cdn-cache-control']).toMatch(/^public, max-age=60, stale-while-revalidate=86400$/);
      expect(answer.headers.vary).toBe('Accept-Encoding');
    },
  );

  it('a page’s data is fresh in the browser for a few seconds, and kept by shared caches as its page is', async () => {
    const answer = await raw(shared.origin, '/products.data?_routes=routes%2Fproducts', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(SHARED_DATA_CACHE_CONTROL);
    expect(answer.headers['cache-control']).toMatch(/^public, max-age=[1-9]\d*, s-maxage=60$/);
    expect(answer.headers['cdn-cache-control']).toBe(SHARED_CDN_CACHE_CONTROL);
  });

  it('the not-found page is kept by shared caches a minute, never served stale', async () => {
    for (const path of ['/no-such-page', '/no-such-page.data']) {
      const answer = await raw(shared.origin, path, BROWSER);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['cache-control'], path).toBe('public, max-age=0, s-maxage=60');
      expect(answer.headers['cdn-cache-control'], path).toBeUndefined();
    }
  });

  it('tells no browser it may show a stale copy: stale-while-revalidate is for CDNs only', async () => {
    const paths = ['/', '/about', '/products?page=2&limit=24', '/about.data', '/robots.txt', '/nope'];
    for (const path of paths) {
      const answer = await raw(shared.origin, path, BROWSER);
      expect(answer.headers['cache-control'], path).toMatch(/^public, /);
      expect(answer.headers['cache-control'], path).not.toMatch(/stale-while-revalidate|stale-if-error/);
    }
  });

  it('says the same to CDNs in a 304 and in the answer to HEAD', async () => {
    const first = await raw(shared.origin, '/journal', BROWSER);
    const revalidated = await raw(shared.origin, '/journal', { ...BROWSER, 'if-none-match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    const head = await raw(shared.origin, '/journal', BROWSER, 'HEAD');
    for (const answer of [revalidated, head]) {
      expect(answer.headers['cache-control']).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(answer.headers['cdn-cache-control']).toBe(SHARED_CDN_CACHE_CONTROL);
    }
  });

  it('a forged Host changes nothing in the page: same bytes, PUBLIC_URL in every absolute URL', async () => {
    const honest = await raw(shared.origin, '/about', { host: 'shop.example.com' });
    const forged = await raw(shared.origin, '/about', { host: 'evil.example' });
    expect(forged.body.equals(honest.body)).toBe(true);
    const html = forged.body.toString();
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/about"/>');
    expect(html).not.toContain('evil.example');
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const text = (await raw(shared.origin, path, { host: 'evil.example' })).body.toString();
      expect(text).toContain('https://shop.example.com/');
      expect(text).not.toContain('evil.example');
    }
  });
});

describe('with the page cache off (PAGE_CACHE=off): each page rendered afresh, cached as a stored one', () => {
  it('sends a page, its data, the not-found page and a resource route with the stored copy’s caching headers', async () => {
    const sharedUncached = await listen({ pageCache: false, publicUrl: 'https://shop.example.com' });
    try {
      for (const [rendered, stored] of [
        [uncached, server],
        [sharedUncached, shared],
      ] as const) {
        for (const path of ['/about', '/products.data?_routes=routes%2Fproducts', '/no-such-page', '/robots.txt']) {
          const [fresh, kept] = await Promise.all([
            raw(rendered.origin, path, BROWSER),
            raw(stored.origin, path, BROWSER),
          ]);
          expect(fresh.status, path).toBe(kept.status);
          expect(fresh.headers['cache-control'], path).toBeDefined();
          expect(fresh.headers['cache-control'], path).toBe(kept.headers['cache-control']);
          expect(fresh.headers['cdn-cache-control'], path).toBe(kept.headers['cdn-cache-control']);
        }
      }
    } finally {
      sharedUncached.close();
    }
  });
});

describe('precompressed assets', () => {
  const fetchRaw = (path: string, acceptEncoding: string) =>
    new Promise<{ status?: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve) =>
      get(server.origin + path, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      }),
    );

  it('sends the brotli or gzip copy made at build time, with the original type, and the plain file otherwise', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const script = html.match(/href="(\/assets\/framework-[^"]+\.js)"/)![1]!;
    const [br, gzip, plain] = await Promise.all([
      fetchRaw(script, 'br, gzip'),
      fetchRaw(script, 'gzip'),
      fetchRaw(script, 'identity'),
    ]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const response of [br, gzip, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers.vary).toContain('Accept-Encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(br.bytes).toBeLessThan(gzip.bytes);
    expect(gzip.bytes).toBeLessThan(plain.bytes / 3);
  });

  it('sends every script and stylesheet a page loads compressed, the smallest modules too', async () => {
    const { html } = await fetchPage(server.origin, '/productDetails');
    const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
    expect(assets.length).toBeGreaterThan(5);
    const plain = [];
    for (const asset of assets)
      if ((await fetchRaw(asset, 'gzip')).headers['content-encoding'] !== 'gzip') plain.push(asset);
    expect(plain).toEqual([]);
  });

  it('labels a compressed copy asked for by its own name as what it is', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const script = html.match(/href="(\/assets\/framework-[^"]+\.js)"/)![1]!;
    const direct = await fetchRaw(`${script}.gz`, 'identity');
    expect(direct.headers['content-encoding']).toBe('gzip');
    expect(direct.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('hashed assets answer conditional requests too', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    const first = await raw(server.origin, asset, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(
      (await raw(server.origin, asset, { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag! })).status,
    ).toBe(304);
  });
});
