import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server.ts';
import { fetchPage, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let uncached: { origin: string; close: () => void };
beforeAll(async () => {
  server = await startServer();
  const { app } = await createApp({ mode: 'production', logLevel: 'silent', pageCache: false });
  const listener = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  uncached = {
    origin: `http://127.0.0.1:${(listener.address() as { port: number }).port}`,
    close: () => {
      listener.closeAllConnections();
      listener.close();
    },
  };
});
afterAll(async () => {
  uncached.close();
  await server.close();
});

const nonceOf = (headers: Headers) => headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
/** The page with its nonce and the origin it was served from taken out (the two servers differ in port). */
const withoutNonce = (html: string, nonce: string) =>
  html.split(nonce).join('NONCE').split(server.origin).join('ORIGIN').split(uncached.origin).join('ORIGIN');

const pages = ['/', '/products', '/productDetails', '/about', '/cart', '/notfound', '/journal'];

describe('pages rendered once and reused', () => {
  it.each(pages)('%s is the same document as a fresh render, with a fresh nonce on every response', async (path) => {
    const fresh = await fetchPage(uncached.origin, path);
    const first = await fetchPage(server.origin, path);
    const second = await fetchPage(server.origin, path);
    const nonces = [fresh, first, second].map((page) => nonceOf(page.headers)!);
    expect(new Set(nonces).size).toBe(3);
    expect(withoutNonce(second.html, nonces[2]!)).toBe(withoutNonce(fresh.html, nonces[0]!));
    expect(withoutNonce(first.html, nonces[1]!)).toBe(withoutNonce(fresh.html, nonces[0]!));
    // Every script carries this response's nonce, and no other response's.
    for (const script of second.html.match(/<script\b[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonces[2]}"`);
    expect(second.html).not.toContain(nonces[1]!);
  });

  it('never stores what may be personal: requests with cookies are rendered afresh and get no ETag', async () => {
    const { headers } = await fetchPage(server.origin, '/about', { headers: { cookie: 'session=1' } });
    expect(headers.get('etag')).toBeNull();
  });
});

describe('HTTP caching of pages', () => {
  it('sends an ETag and a Cache-Control that keeps shared caches from reusing one response', async () => {
    const { headers } = await fetchPage(server.origin, '/about');
    expect(headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers a conditional GET with 304, no body and no CSP (the stored copy keeps its own)', async () => {
    const { headers } = await fetchPage(server.origin, '/about');
    const etag = headers.get('etag')!;
    const again = await fetchPage(server.origin, '/about', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.html).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBeNull();
    const other = await fetchPage(server.origin, '/about', { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('HEAD answers like GET without a body', async () => {
    const response = await fetch(`${server.origin}/products`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(await response.text()).toBe('');
  });

  it('hashed assets answer conditional requests too', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
    // node:http, since fetch adds "Cache-Control: no-cache" to requests with If-None-Match.
    const request = (headers: Record<string, string>) =>
      new Promise<{ status?: number; etag?: string }>((resolve) =>
        get(server.origin + asset, { headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode, etag: res.headers.etag });
        }),
      );
    const first = await request({});
    expect(first.status).toBe(200);
    expect((await request({ 'if-none-match': first.etag! })).status).toBe(304);
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
    const [br, gzip, plain] = await Promise.all([fetchRaw(script, 'br, gzip'), fetchRaw(script, 'gzip'), fetchRaw(script, 'identity')]);
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

  it('labels a compressed copy asked for by its own name as what it is', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const script = html.match(/href="(\/assets\/framework-[^"]+\.js)"/)![1]!;
    const direct = await fetchRaw(`${script}.gz`, 'identity');
    expect(direct.headers['content-encoding']).toBe('gzip');
    expect(direct.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });
});
