import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server.ts';
import { fetchPage } from '../support/server.ts';
import { server, useServer } from '../support/setup.ts';

useServer();

const commonHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

function expectCommonHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(commonHeaders)) expect(headers.get(name), name).toBe(value);
  expect(headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  // FLoC, which interest-cohort turned off, is long gone from browsers.
  expect(headers.get('permissions-policy')).not.toContain('interest-cohort');
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('strict-transport-security')).toBeNull();
  expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe('security headers', () => {
  it.each(['/', '/products', '/productDetails', '/about', '/no-such-page'])(
    '%s has an enforced hash-based strict CSP allowing exactly its inline scripts and inline styles',
    async (path) => {
      const { headers, html } = await fetchPage(server.origin, path);
      expectCommonHeaders(headers);
      const csp = headers.get('content-security-policy')!;
      expect(headers.get('content-security-policy-report-only')).toBeNull();
      const scriptSrc = csp.match(/script-src ([^;]+)/)![1]!.split(' ');
      expect(scriptSrc.at(-1)).toBe("'strict-dynamic'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|'nonce-/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      const sha256 = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
      // Every inline script but data (JSON-LD), by its hash: the module script that waits for the first paint and
      // the speculation rules included. The modules load by 'strict-dynamic', preloaded by a script.
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/src=|application\/ld\+json/.test(attributes!),
      );
      expect(inline.map(([, attributes]) => attributes)).toEqual(
        expect.arrayContaining([' type="storefront/deferred-module"', ' type="speculationrules"']),
      );
      expect(scriptSrc.slice(0, -1).sort()).toEqual(
        [...new Set(inline.map(([, , content]) => sha256(content!)))].sort(),
      );
      // The page's stylesheets are inlined, each allowed by its hash; none by 'unsafe-inline'.
      const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, content]) => content!);
      expect(styles.length).toBeGreaterThan(0);
      const styleSrc = csp.match(/style-src ([^;]+)/)![1]!.split(' ');
      expect(styleSrc).toEqual(["'self'", ...new Set(styles.map(sha256))]);
      // Each inlined stylesheet is the build's file, byte for byte (app/lib/stylesheets.server.ts writes it in).
      const inlined = [...html.matchAll(/<style data-href="([^"]+)">([\s\S]*?)<\/style>/g)];
      expect(inlined.length).toBeGreaterThan(0);
      for (const [, href, content] of inlined) {
        const file = new URL(`../../build/client${new URL(href!, 'http://build.invalid').pathname}`, import.meta.url);
        expect(content, href).toBe(readFileSync(file, 'utf8'));
      }
      expect(html).not.toContain('nonce=');
      expect(html).not.toMatch(/\sstyle="/);
    },
  );

  it('sends the same policy with every copy of a page, so the page can be cached', async () => {
    const policies = new Set<string>();
    for (const cookie of ['', 'consent=1', '_ga=GA1.1.1.2']) {
      const { headers } = await fetchPage(server.origin, '/', { headers: { cookie } });
      policies.add(headers.get('content-security-policy')!);
    }
    expect(policies.size).toBe(1);
  });

  it('assets, public files and health checks carry the headers and a policy that allows nothing', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const script = html.match(/src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/)!;
    for (const path of [script[1] ?? script[2]!, '/favicon.ico', '/healthz', '/assets/missing.js']) {
      const { headers } = await fetchPage(server.origin, path);
      expectCommonHeaders(headers);
      expect(headers.get('content-security-policy'), path).toBe(
        // Helmet's serialisation: no space after each semicolon.
        "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      );
    }
  });

  it('echoes a well-formed incoming request id and replaces a hostile one', async () => {
    const mine = await fetchPage(server.origin, '/healthz', { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(mine.headers.get('x-request-id')).toBe('lb-1234.abc');
    const hostile = await fetchPage(server.origin, '/healthz', { headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS only when configured as served over TLS, and HSTS_MAX_AGE=0 to take it back', async () => {
    for (const [hstsMaxAge, expected] of [
      [31536000, 'max-age=31536000; includeSubDomains'],
      // A browser forgets the site's HSTS on max-age=0: the only way to undo it, so 0 must not mean "none".
      [0, 'max-age=0; includeSubDomains'],
    ] as const) {
      const { app } = await createApp({ mode: 'production', logLevel: 'silent', hstsMaxAge });
      const listener = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => listener.once('listening', resolve));
      const { port } = listener.address() as { port: number };
      const { headers } = await fetchPage(`http://127.0.0.1:${port}`, '/');
      expect(headers.get('strict-transport-security')).toBe(expected);
      listener.closeAllConnections();
      listener.close();
    }
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
    // Another spelling is no probe: it must not answer for readiness (a liveness probe would restart the pod).
    for (const other of ['/healthz/', '/HEALTHZ', '/Readyz', '/readyz/']) {
      const { status, html } = await fetchPage(origin, other);
      expect(status, other).toBe(404);
      expect(html, other).not.toMatch(/^(ok|ready|draining)/);
    }
    listener.closeAllConnections();
    listener.close();
  });
});

describe('X-Forwarded-Host', () => {
  it('is checked only from a proxy the server trusts: from another client it is ignored, as Express ignores it', async () => {
    const answers: Record<string, number> = {};
    for (const trustProxy of [true, '10.0.0.0/8']) {
      const { app, close } = await createApp({ mode: 'production', logLevel: 'silent', trustProxy });
      const listener = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => listener.once('listening', resolve));
      const origin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
      const response = await fetch(`${origin}/healthz`, { headers: { 'x-forwarded-host': 'a b' } });
      answers[String(trustProxy)] = response.status;
      listener.closeAllConnections();
      listener.close();
      await close();
    }
    expect(answers).toEqual({ true: 400, '10.0.0.0/8': 200 });
  });
});
