import { describe, expect, it } from 'vitest';
import { createApp } from '../../server.ts';
import { fetchPage } from '../support/server.ts';
import { server, useServer } from '../support/setup.ts';

useServer();

const commonHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

function expectCommonHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(commonHeaders)) expect(headers.get(name), name).toBe(value);
  expect(headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('strict-transport-security')).toBeNull();
  expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe('security headers', () => {
  it.each(['/', '/products', '/productDetails', '/about', '/no-such-page'])('%s has an enforced nonce CSP on every script', async (path) => {
    const { headers, html } = await fetchPage(server.origin, path);
    expectCommonHeaders(headers);
    const csp = headers.get('content-security-policy')!;
    expect(headers.get('content-security-policy-report-only')).toBeNull();
    const nonce = csp.match(/script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it('makes a fresh nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { headers } = await fetchPage(server.origin, '/');
      nonces.add(headers.get('content-security-policy')!.match(/nonce-([^']+)/)![1]!);
    }
    expect(nonces.size).toBe(5);
  });

  it('assets, public files and health checks carry the headers and a policy that allows nothing', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const script = html.match(/src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/)!;
    for (const path of [script[1] ?? script[2]!, '/favicon.ico', '/healthz', '/assets/missing.js']) {
      const { headers } = await fetchPage(server.origin, path);
      expectCommonHeaders(headers);
      expect(headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });

  it('echoes a well-formed incoming request id and replaces a hostile one', async () => {
    const mine = await fetchPage(server.origin, '/healthz', { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(mine.headers.get('x-request-id')).toBe('lb-1234.abc');
    const hostile = await fetchPage(server.origin, '/healthz', { headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS only when configured as served over TLS', async () => {
    const { app } = await createApp({ mode: 'production', logLevel: 'silent', hstsMaxAge: 31536000 });
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as { port: number };
    const { headers } = await fetchPage(`http://127.0.0.1:${port}`, '/');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    listener.closeAllConnections();
    listener.close();
  });
});

describe('health', () => {
  it('/healthz and /readyz answer 200, uncached', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const { status, headers } = await fetchPage(server.origin, path);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
    }
  });

  it('/readyz answers 503 once draining begins, while /healthz stays 200', async () => {
    const { app, drain } = await createApp({ mode: 'production', logLevel: 'silent' });
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const origin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    expect((await fetchPage(origin, '/readyz')).status).toBe(200);
    drain();
    const ready = await fetchPage(origin, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect((await fetchPage(origin, '/healthz')).status).toBe(200);
    listener.closeAllConnections();
    listener.close();
  });
});
