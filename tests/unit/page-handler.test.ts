import { get, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../../server/admission.ts';
import { log } from '../../server/log.ts';
import { createPageHandler, type PageHandlerOptions } from '../../server/page-handler.ts';
import type { PageUrl } from '../../server/page-url.ts';

const open: Array<() => void> = [];
afterEach(() => {
  for (const close of open.splice(0)) close();
});

/** The page handler in front of a stand-in for React Router, counting what it renders. */
async function serve(
  render: (request: Request) => Response | Promise<Response>,
  options: Partial<PageHandlerOptions> = {},
) {
  const rendered: string[] = [];
  const sizes: number[] = [];
  const app = express();
  app.all(
    '/{*splat}',
    createPageHandler({
      cache: true,
      handler: async (request) => {
        rendered.push(new URL(request.url).pathname + new URL(request.url).search);
        return render(request);
      },
      observer: { size: (bytes) => sizes.push(bytes) },
      ...options,
    }),
  );
  const listener = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  open.push(() => {
    listener.closeAllConnections();
    listener.close();
  });
  return { origin: `http://127.0.0.1:${(listener.address() as { port: number }).port}`, rendered, sizes };
}

/** A GET whose body comes back as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/** The window a brotli stream was compressed with, from its first bits (RFC 7932, 9.1). */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream.readUInt16LE(0);
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (bits >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

/** What a URL means, as server/page-url.ts would say: a known route's page, unless `page` says otherwise. */
const meaningOf = (url: URL, page: Partial<PageUrl> = {}): PageUrl => ({
  url,
  key: url.pathname,
  dropped: [],
  unknown: false,
  data: false,
  route: 'other',
  private: false,
  ...page,
});

const html = (text: string, headers: Record<string, string> = {}) =>
  new Response(`<!DOCTYPE html><p>${text}</p>`, { headers: { 'Content-Type': 'text/html', ...headers } });

describe('cacheability belongs to the route', () => {
  it('renders a shareable page once, whatever cookies the requests carry', async () => {
    const { origin, rendered } = await serve(() => html('same for everyone'));
    for (const cookie of ['', 'consent=1', 'session=a', 'session=b'])
      await (await fetch(`${origin}/page`, { headers: { cookie } })).text();
    expect(rendered).toEqual(['/page']);
  });

  /** The app says hello to whoever the request's cookie and credentials say it is. */
  const hello = (request: Request, headers: Record<string, string> = {}) =>
    html(`hello ${request.headers.get('cookie') ?? 'stranger'} ${request.headers.get('authorization') ?? ''}`, headers);
  const privateRoute = (url: URL) => meaningOf(url, { route: '/account', private: true });

  it('renders a page whose route says it is private for every request, with the shopper’s cookie, never shared', async () => {
    const { origin, rendered } = await serve((request) => hello(request), { pageUrl: privateRoute });
    const a = await fetch(`${origin}/account`, { headers: { cookie: 'session=a' } });
    const b = await fetch(`${origin}/account`, { headers: { cookie: 'session=b', authorization: 'Bearer b' } });
    expect(await a.text()).toContain('session=a');
    expect(await b.text()).toContain('hello session=b Bearer b');
    // Private unless the route said otherwise itself.
    expect(b.headers.get('cache-control')).toBe('private, no-store');
    expect(b.headers.get('etag')).toBeNull();
    expect(rendered).toEqual(['/account', '/account']);
  });

  it('adds its caching headers to a response whose headers cannot be changed (a redirect, a fetch passed on)', async () => {
    // Response.redirect() and fetch() make responses whose headers are immutable: setting one threw, a 500.
    const privately = await serve(() => Response.redirect('http://127.0.0.1/elsewhere', 302), {
      pageUrl: privateRoute,
    });
    const redirect = await fetch(`${privately.origin}/account`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');
    for (const cache of [true, false]) {
      const shared = await serve(() => fetch('data:text/html,<p>from a backend</p>'), { cache, cacheHeaders: true });
      const page = await fetch(`${shared.origin}/page`);
      expect(page.status, `cache ${cache}`).toBe(200);
      expect(page.headers.get('cache-control'), `cache ${cache}`).toBe('private, no-cache');
    }
  });

  it('never lets a shared page’s render see the shopper: no cookie, no credentials, cache or not', async () => {
    // A loader that read a cookie on a page stored for everyone would hand one shopper's data to the next.
    const seen: Array<string | null> = [];
    const remember = (request: Request) => {
      seen.push(request.headers.get('cookie') ?? request.headers.get('authorization'));
      return hello(request);
    };
    const shopper = { cookie: 'session=a', authorization: 'Basic YTpi' };
    for (const cache of [true, false]) {
      const { origin } = await serve(remember, { cache });
      const get = await fetch(`${origin}/about`, { headers: shopper });
      expect(await get.text(), `cache ${cache}`).toContain('hello stranger');
      expect((await fetch(`${origin}/contacts`, { method: 'HEAD', headers: shopper })).status).toBe(200);
    }
    // Nor the render that refreshes a stored page, made with the request of whoever found it stale.
    const stale = await serve(remember, { freshMs: 0 });
    await (await fetch(`${stale.origin}/journal`)).text();
    await (await fetch(`${stale.origin}/journal`, { headers: { cookie: 'session=b' } })).text();
    // Two renders for each cache setting, then the stale page's first render and its refresh.
    await expect.poll(() => seen.length).toBe(6);
    expect(seen).toEqual(Array(6).fill(null));
    // A form post is answered for the one who sent it: its action sees them.
    const { origin } = await serve((request) => hello(request));
    const post = await fetch(`${origin}/contacts`, { method: 'POST', headers: { cookie: 'session=a' }, body: 'x=1' });
    expect(await post.text()).toContain('hello session=a');
  });

  it('never stores responses that set cookies or vary by more than the encoding', async () => {
    const { origin, rendered } = await serve((request) =>
      new URL(request.url).pathname === '/cookie' ? html('x', { 'Set-Cookie': 'a=1' }) : html('y', { Vary: 'Cookie' }),
    );
    for (const path of ['/cookie', '/cookie', '/vary', '/vary']) await (await fetch(origin + path)).text();
    expect(rendered).toEqual(['/cookie', '/cookie', '/vary', '/vary']);
  });
});

describe('the page cache', () => {
  it('renders a page once for many simultaneous first requests', async () => {
    const { origin, rendered } = await serve(() => html('slow'));
    const bodies = await Promise.all(Array.from({ length: 20 }, () => fetch(`${origin}/cold`).then((r) => r.text())));
    expect(new Set(bodies).size).toBe(1);
    expect(rendered).toEqual(['/cold']);
  });

  it('shares a render that failed among the requests that waited for it, and stores nothing', async () => {
    // A backend answering errors was asked once per shopper: 30 requests at once made 21 calls.
    const { origin, rendered } = await serve(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response('<p>backend down</p>', { status: 500, headers: { 'Content-Type': 'text/html' } });
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${origin}/products`);
        return `${response.status} ${await response.text()}`;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['500 <p>backend down</p>']));
    expect(rendered).toEqual(['/products']);
    // Not stored: the next request renders again.
    await (await fetch(`${origin}/products`)).text();
    expect(rendered).toEqual(['/products', '/products']);
  });

  it('never shares a failed render that set a cookie or is private', async () => {
    const { origin, rendered } = await serve(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response('error', { status: 500, headers: { 'Set-Cookie': 'session=x' } });
    });
    await Promise.all(Array.from({ length: 3 }, async () => (await fetch(`${origin}/account`)).text()));
    expect(rendered).toHaveLength(3);
  });

  it('is bounded by bytes, not entries: the least recently used pages go first', async () => {
    const maxBytes = 400 * 1024;
    // Random text barely compresses: each page takes 50 KB gzipped and as much again once brotli is added,
    // so four to seven fit.
    const noise = () => Array.from({ length: 20_000 }, () => Math.random().toString(36).slice(2, 6)).join('');
    const { origin, rendered, sizes } = await serve(() => html(noise()), { maxBytes });
    for (let i = 0; i < 16; i++) await (await fetch(`${origin}/p${i}`)).text();
    expect(Math.max(...sizes)).toBeLessThanOrEqual(maxBytes);
    await (await fetch(`${origin}/p0`)).text();
    // The first page was evicted long ago, the last one is still there.
    await (await fetch(`${origin}/p15`)).text();
    expect(rendered.filter((path) => path === '/p0')).toHaveLength(2);
    expect(rendered.filter((path) => path === '/p15')).toHaveLength(1);
  });

  it('counts the copies it adds to a page: the plain document a client without compression asks for', async () => {
    // lru-cache recounts a value's size only when another value is set: the page stored again as it was kept its
    // first size, and the cache could hold far more than its bound in copies nobody had counted.
    const { origin, sizes } = await serve(() => html('x'.repeat(50_000)));
    await (await fetch(`${origin}/page`)).text();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = sizes.at(-1)!;
    await rawGet(`${origin}/page`, { 'accept-encoding': 'identity' });
    expect(sizes.at(-1)! - before).toBeGreaterThanOrEqual(50_000);
  });

  it('renders a few at a time, and never starts a render for a client that has gone', async () => {
    let inFlight = 0;
    let most = 0;
    const { origin, rendered } = await serve(() => html('slow'), {
      cache: false,
      handler: async (request) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inFlight--;
        rendered.push(new URL(request.url).pathname);
        return html('slow');
      },
    });
    const { port } = new URL(origin);
    // Forty clients each ask and hang up at once.
    await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), '127.0.0.1', () => {
              socket.write(`GET /gone-${i} HTTP/1.1\r\nHost: x\r\n\r\n`, () => setTimeout(() => socket.destroy(), 20));
            });
            socket.on('close', () => resolve());
            socket.on('error', () => {});
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(most).toBeLessThanOrEqual(4);
    // Only those already under way when their clients left were rendered.
    expect(rendered.length).toBeLessThanOrEqual(8);
  });

  // A render waits on its loaders: with a backend's latency, two at a time made a replica's private pages a few a
  // second (an adopter's run: 8.5 a second with a backend at 200 ms).
  it('runs as many renders at once as it is told', async () => {
    let inFlight = 0;
    let most = 0;
    const { origin } = await serve(() => html('slow'), {
      cache: false,
      admission: { concurrency: 8, maxWaiting: 100, maxWaitMs: 5_000 },
      handler: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 100));
        inFlight--;
        return html('slow');
      },
    });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${origin}/page-${i}`).then((response) => response.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(most).toBe(8);
  });

  it('does not cache when told not to (development)', async () => {
    const { origin, rendered } = await serve(() => html('dev'), { cache: false });
    for (let i = 0; i < 3; i++) await (await fetch(`${origin}/page`)).text();
    expect(rendered).toHaveLength(3);
  });

  it('gives the app the public origin, not the Host, when one is configured', async () => {
    const seen: string[] = [];
    const { origin } = await serve(
      (request) => {
        seen.push(new URL(request.url).origin);
        return html('origin');
      },
      { publicUrl: 'https://shop.example.com' },
    );
    await (await fetch(`${origin}/page`, { headers: { host: 'evil.example' } })).text();
    expect(seen).toEqual(['https://shop.example.com']);
  });

  it('leaves how to cache a page to its route when the route says: no defaults beside its own', async () => {
    const { origin } = await serve(
      (request) =>
        new URL(request.url).pathname === '/own'
          ? html('own', { 'Cache-Control': 'public, max-age=300' })
          : html('cdn only', { 'CDN-Cache-Control': 'max-age=5' }),
      { publicUrl: 'https://shop.example.com' },
    );
    const own = await fetch(`${origin}/own`);
    expect(own.headers.get('cache-control')).toBe('public, max-age=300');
    expect(own.headers.get('cdn-cache-control')).toBeNull();
    const cdnOnly = await fetch(`${origin}/cdn-only`);
    expect(cdnOnly.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(cdnOnly.headers.get('cdn-cache-control')).toBe('max-age=5');
  });
});

describe('a stored page past its freshness', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Long enough that a few requests in a row fall within one freshness period on a loaded machine.
  const FRESH = 400;
  const STALE = FRESH + 100;
  /** Time for a background render to finish and be stored. */
  const SETTLE = 150;

  it('is served at once while the page is rendered again in the background, which then replaces it', async () => {
    let price = 19;
    let release = () => {};
    const { origin, rendered } = await serve(
      async () => {
        const text = `price ${price}`;
        // The second render (the refresh) waits until the test lets it finish.
        if (rendered.length > 1) await new Promise<void>((resolve) => (release = resolve));
        return html(text);
      },
      { freshMs: FRESH },
    );
    expect(await (await fetch(`${origin}/products`)).text()).toContain('price 19');
    price = 99;
    // Still fresh: the stored page, no render.
    expect(await (await fetch(`${origin}/products`)).text()).toContain('price 19');
    expect(rendered).toHaveLength(1);
    await sleep(STALE);
    // Stale: the stored page at once, however long the new render takes, and one render for many requests.
    const stale = await Promise.all([1, 2, 3].map(async () => (await fetch(`${origin}/products`)).text()));
    expect(stale.every((text) => text.includes('price 19'))).toBe(true);
    expect(rendered).toHaveLength(2);
    release();
    await sleep(SETTLE);
    expect(await (await fetch(`${origin}/products`)).text()).toContain('price 99');
    expect(rendered).toHaveLength(2);
  });

  it('stays stored, and served, when rendering it again fails, which is counted and said', async () => {
    let failing = false;
    let notRefreshed = 0;
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    const { origin, rendered } = await serve(
      () => (failing ? new Response('backend down', { status: 503 }) : html('the catalogue')),
      { freshMs: FRESH, observer: { notRefreshed: () => notRefreshed++ } },
    );
    await (await fetch(`${origin}/products`)).text();
    failing = true;
    await sleep(STALE);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${origin}/products`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('the catalogue');
      await sleep(10);
    }
    // One try per freshness period, not one per request: a failing backend is not asked again and again.
    expect(rendered).toHaveLength(2);
    // An operator sees a backend failing while shoppers still get pages: a warning, and a metric to alert on.
    await vi.waitFor(() => expect(notRefreshed).toBe(1));
    expect(warn).toHaveBeenCalledWith(
      { failed: 1, key: `${origin}/products`, status: 503 },
      'stored pages not refreshed: their stored copies stay',
    );
    await sleep(STALE);
    await (await fetch(`${origin}/products`)).text();
    expect(rendered).toHaveLength(3);
    await vi.waitFor(() => expect(notRefreshed).toBe(2));
  });

  it('is dropped when the page is no page to store any more: the next request gets what it is now', async () => {
    let gone = false;
    const { origin } = await serve(
      () => (gone ? new Response('<p>not found</p>', { status: 404 }) : html('a product')),
      { freshMs: FRESH },
    );
    await (await fetch(`${origin}/products/old`)).text();
    gone = true;
    await sleep(STALE);
    // This request gets the stored copy while the page is rendered again; the next, the 404.
    expect((await fetch(`${origin}/products/old`)).status).toBe(200);
    await sleep(SETTLE);
    expect((await fetch(`${origin}/products/old`)).status).toBe(404);
  });

  it('is rendered again only when a render can start at once: refreshes never wait in front of shoppers', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const waiting: number[] = [];
    const { origin, rendered } = await serve(
      async (request) => {
        if (request.url.includes('/slow')) await held;
        return html('page');
      },
      { freshMs: FRESH, observer: { waiting: (count) => waiting.push(count) } },
    );
    await (await fetch(`${origin}/products`)).text();
    await sleep(STALE);
    // Both renders taken by pages nobody has yet: the stale page is served, and not rendered again.
    const slow = [fetch(`${origin}/slow?a`), fetch(`${origin}/slow?b`)];
    await sleep(50);
    waiting.length = 0;
    expect((await fetch(`${origin}/products`)).status).toBe(200);
    expect(rendered.filter((path) => path === '/products')).toHaveLength(1);
    expect(Math.max(0, ...waiting), 'renders queued').toBe(0);
    release();
    await Promise.all(slow);
    await (await fetch(`${origin}/products`)).text();
    expect(rendered.filter((path) => path === '/products')).toHaveLength(2);
  });

  it('keeps its validator when the new render is the same page, so browsers still get 304', async () => {
    const { origin } = await serve(() => html('unchanged'), { freshMs: FRESH });
    const etag = (await fetch(`${origin}/about`)).headers.get('etag')!;
    await sleep(STALE);
    await (await fetch(`${origin}/about`)).text();
    await sleep(SETTLE);
    expect((await fetch(`${origin}/about`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('keeps its copies when the new render is the same page: brotli’s and its ETag at once, and the plain one', async () => {
    // Large enough that brotli, made again, would take a good while (words, not noise: it compresses as a page does).
    const words = Array.from({ length: 30_000 }, (_, i) => `word${(i * 7919) % 10_007}`).join(' ');
    // Fresh long enough for its brotli copy to be made first, on a loaded machine too.
    const fresh = 2_000;
    const { origin, rendered, sizes } = await serve(() => html(words), { freshMs: fresh });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    await rawGet(`${origin}/journal`, browser);
    await vi.waitFor(
      async () => expect((await rawGet(`${origin}/journal`, browser)).headers['content-encoding']).toBe('br'),
      {
        timeout: 10_000,
      },
    );
    const { etag } = (await rawGet(`${origin}/journal`, browser)).headers;
    // A client that takes no compression: the plain copy is added.
    await rawGet(`${origin}/journal`, {});
    const stored = sizes.at(-1);
    const reports = sizes.length;
    await sleep(fresh + 100);
    await rawGet(`${origin}/journal`, browser);
    // The refresh has stored what it rendered (the same page).
    await vi.waitFor(() => expect(sizes.length).toBeGreaterThan(reports));
    expect(rendered).toHaveLength(2);
    const again = await rawGet(`${origin}/journal`, { ...browser, 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(sizes.at(-1), 'bytes stored').toBe(stored);
  }, 20_000);
});

describe('a render that runs too long', () => {
  /** As React Router does: a loader that never answers is left behind once the request's signal aborts. */
  // Held as a backend call holds its request while it waits (its socket keeps it alive): a promise that nothing but
  // the request's signal can settle would be collected with the request, and its abort never heard.
  const waiting: Request[] = [];
  const hanging = (request: Request) => {
    waiting.push(request);
    return new Promise<Response>((resolve) =>
      request.signal.addEventListener('abort', () => resolve(new Response(null, { status: 500 }))),
    );
  };

  it('is stopped at the time limit: the busy page with Retry-After, counted, and the renders behind it go on', async () => {
    const shed: string[] = [];
    const signals: AbortSignal[] = [];
    const { origin } = await serve(
      (request) => {
        if (!request.url.includes('/slow')) return html('fast');
        signals.push(request.signal);
        return hanging(request);
      },
      { renderTimeoutMs: 200, observer: { shed: (reason) => shed.push(reason) } },
    );
    // Two renders run at once: both taken by loaders that never answer, with a third page waiting behind them.
    const started = performance.now();
    const [a, b, fast] = await Promise.all([
      fetch(`${origin}/slow?a`),
      fetch(`${origin}/slow?b`),
      fetch(`${origin}/fast`),
    ]);
    expect([a.status, b.status]).toEqual([503, 503]);
    expect(a.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await a.text()).toContain('Busy: please try again');
    expect(fast.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(shed).toEqual(['render_timeout', 'render_timeout']);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('is not applied to a form post: its action may have changed something, and it must not be sent again', async () => {
    const { origin } = await serve(
      async (request) => {
        if (request.method === 'POST') await new Promise((resolve) => setTimeout(resolve, 300));
        return html('thank you', { 'Cache-Control': 'private, no-store' });
      },
      { renderTimeoutMs: 100 },
    );
    const response = await fetch(`${origin}/contacts`, { method: 'POST', body: 'name=a' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('thank you');
  });

  it('keeps a stored page when its refresh runs too long, and lets the next refresh try', async () => {
    let hang = false;
    let notRefreshed = 0;
    const { origin, rendered } = await serve((request) => (hang ? hanging(request) : html('stored')), {
      freshMs: 150,
      renderTimeoutMs: 100,
      observer: { notRefreshed: () => notRefreshed++ },
    });
    await (await fetch(`${origin}/products`)).text();
    hang = true;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await (await fetch(`${origin}/products`)).text()).toContain('stored');
    // The refresh stops at the time limit, however late a loaded machine runs its timer.
    await vi.waitFor(() => expect(notRefreshed, 'refreshes that failed').toBe(1));
    // Stale again (freshness counts from the refresh's start): the next request tries again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await (await fetch(`${origin}/products`)).text()).toContain('stored');
    await vi.waitFor(() => expect(rendered).toHaveLength(3));
    await vi.waitFor(() => expect(notRefreshed, 'refreshes that failed').toBe(2));
  });
});

describe('pages rendered per request', () => {
  it('are compressed with brotli in a window that fits a page, not brotli’s 4 MB default', async () => {
    // Past 64 KB, a page streamed through brotli's default window made V8 collect its whole heap every few
    // responses (docs/performance.md, "Pages rendered per request").
    const page = Array.from({ length: 4_000 }, (_, i) => `<li>item ${i} of a long page</li>`).join('');
    const { origin } = await serve(() => html(page, { 'Cache-Control': 'private, no-store' }));
    const { headers, body } = await rawGet(`${origin}/account`, { 'accept-encoding': 'br' });
    expect(headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(body).length).toBeGreaterThan(64 * 1024);
    expect(brotliWindowBits(body)).toBeLessThanOrEqual(18);
  });
});

describe('when renders are more than the server can do', () => {
  /** A stand-in for React Router whose renders of /slow* finish only once released, and at once after. */
  function slowRenders() {
    const waiting: Array<() => void> = [];
    let released = false;
    return {
      release: () => {
        released = true;
        for (const done of waiting.splice(0)) done();
      },
      render: (request: Request) =>
        new URL(request.url).pathname.startsWith('/slow') && !released
          ? new Promise<Response>((resolve) => waiting.push(() => resolve(html('late'))))
          : Promise.resolve(html('fast')),
    };
  }

  it('answers past the queue’s bound at once with 503, Retry-After and a small static page, and counts it', async () => {
    const slow = slowRenders();
    const shed: string[] = [];
    const { origin } = await serve(() => html('x'), {
      cache: false,
      handler: slow.render,
      admission: { maxWaiting: 3, maxWaitMs: 10_000 },
      observer: { shed: (reason) => shed.push(reason) },
    });
    // Two render, three wait; the sixth and seventh are refused.
    const kept = Array.from({ length: 5 }, (_, i) => fetch(`${origin}/slow-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await Promise.all([fetch(`${origin}/slow-5`), fetch(`${origin}/slow-6`)]);
    for (const response of refused) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('<title>Busy: please try again</title>');
    }
    expect(shed).toEqual(['queue_full', 'queue_full']);
    slow.release();
    expect((await Promise.all(kept)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('answers a request that waited past the deadline with 503 then, not with a late page', async () => {
    const slow = slowRenders();
    const { origin } = await serve(() => html('x'), {
      cache: false,
      handler: slow.render,
      admission: { maxWaiting: 10, maxWaitMs: 200 },
    });
    const running = [fetch(`${origin}/slow-a`), fetch(`${origin}/slow-b`)];
    const start = performance.now();
    const late = await fetch(`${origin}/slow-c`);
    expect(late.status).toBe(503);
    expect(performance.now() - start).toBeLessThan(2_000);
    slow.release();
    await Promise.all(running);
  });

  it('serves stored pages while it sheds renders, and sheds (and counts) every request that waited on a shed render', async () => {
    const slow = slowRenders();
    const shed: string[] = [];
    const { origin, rendered } = await serve(() => html('x'), {
      handler: async (request) => {
        rendered.push(new URL(request.url).pathname);
        return slow.render(request);
      },
      admission: { maxWaiting: 6, maxWaitMs: 300 },
      observer: { shed: (reason) => shed.push(reason) },
    });
    expect((await fetch(`${origin}/stored`)).status).toBe(200);
    const busy = [fetch(`${origin}/slow-1`), fetch(`${origin}/slow-2`)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Five requests for one page nobody has rendered: one waits for a render, four wait on it.
    const same = Array.from({ length: 5 }, () => fetch(`${origin}/slow-same`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hit = await fetch(`${origin}/stored`);
    expect(hit.status).toBe(200);
    expect((await Promise.all(same)).map((response) => response.status)).toEqual([503, 503, 503, 503, 503]);
    expect(rendered.filter((path) => path === '/slow-same')).toEqual([]);
    expect(shed).toEqual(['deadline', 'deadline', 'deadline', 'deadline', 'deadline']);
    slow.release();
    await Promise.all(busy);
  });

  it('goes on rendering a page for those still waiting when the client that asked first has gone', async () => {
    let aborted = 0;
    const { origin, rendered } = await serve(() => html('x'), {
      handler: async (request) => {
        rendered.push(new URL(request.url).pathname);
        request.signal.addEventListener('abort', () => aborted++);
        await new Promise((resolve) => setTimeout(resolve, 300));
        request.signal.throwIfAborted();
        return html('worth the wait');
      },
    });
    const { port } = new URL(origin);
    // The first asks and leaves at once; four more ask for the same page meanwhile.
    const first = connect(Number(port), '127.0.0.1', () =>
      first.write(`GET /shared HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
    );
    first.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    const others = Array.from({ length: 4 }, () => fetch(`${origin}/shared`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.destroy();
    const answers = await Promise.all(others);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await answers[0]!.text()).toContain('worth the wait');
    expect(rendered).toEqual(['/shared']);
    expect(aborted).toBe(0);
  });

  it('stops a render once every client it was for has gone', async () => {
    let aborted = 0;
    const { origin } = await serve(() => html('x'), {
      handler: async (request) => {
        request.signal.addEventListener('abort', () => aborted++);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return html('late');
      },
    });
    const { port } = new URL(origin);
    const sockets = Array.from({ length: 3 }, () => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /gone HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.on('error', () => {});
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aborted).toBe(1);
  });

  it('redirects another spelling of a route’s path with 308, rendering nothing', async () => {
    const { origin, rendered } = await serve(() => html('x'), {
      pageUrl: (url) => meaningOf(url, { route: '/about', redirect: '/about?x=1' }),
    });
    const response = await fetch(`${origin}/About?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/about?x=1');
    expect(rendered).toEqual([]);
  });

  it('stores the not-found page under the key it is given, and answers it with status 404', async () => {
    const { origin, rendered } = await serve(
      () => new Response('<!DOCTYPE html><p>not here</p>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
      { pageUrl: (url) => meaningOf(url, { key: '*', unknown: true, route: '/*' }) },
    );
    for (const path of ['/a', '/b', '/c?x=1']) {
      const response = await fetch(origin + path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('not here');
    }
    expect(rendered).toEqual(['/a']);
  });

  it('never stores a 404 of a known route: it may depend on its URL', async () => {
    const { origin, rendered } = await serve(
      (request) => new Response(`no product ${new URL(request.url).pathname}`, { status: 404 }),
      { pageUrl: (url) => meaningOf(url, { route: '/p/:id' }) },
    );
    for (const path of ['/p/1', '/p/1']) expect((await fetch(origin + path)).status).toBe(404);
    expect(rendered).toEqual(['/p/1', '/p/1']);
  });
});
