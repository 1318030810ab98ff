import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/process.ts';

// `npm run dev`: the same server.ts, serving the app through Vite's middleware with hot reload.
let dev: ServerProcess;
beforeAll(async () => {
  // HOST unset, as `npm run dev` runs.
  dev = await spawnServer({ NODE_ENV: 'development', HOST: undefined });
}, 60_000);
afterAll(async () => {
  dev.child.kill('SIGTERM');
  await dev.exited;
});

describe('watch mode', () => {
  it('listens on this machine only: it serves the source, `.server` modules included', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (outside) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(dev.port, outside);
        socket.once('connect', () => (socket.destroy(), resolve(false)));
        socket.once('error', () => resolve(true));
      });
      expect(refused, `connecting to ${outside}`).toBe(true);
    }
    expect(dev.logs.find((line) => line.msg === 'listening')).toMatchObject({ host: '127.0.0.1' });
  });

  it('renders pages from source, with the hot-reload runtime', async () => {
    const response = await fetch(`${dev.origin}/about`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Shop by Catagory');
    expect(html).toContain('virtual:react-router/inject-hmr-runtime');
    expect(html).not.toContain('nonce=');
    // Vite injects inline code, so nothing is blocked; what production would block is reported in the console.
    expect(response.headers.get('content-security-policy')).toBeNull();
    const reported = response.headers.get('content-security-policy-report-only') ?? '';
    for (const directive of [
      "style-src-attr 'none'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ]) {
      expect(reported.split('; '), directive).toContain(directive);
    }
  }, 60_000);

  it('answers unknown paths with the 404 page and serves source modules', async () => {
    expect((await fetch(`${dev.origin}/no-such-page`)).status).toBe(404);
    const module = await fetch(`${dev.origin}/app/root.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/javascript/);
  }, 60_000);

  it('says once when a URL has parameters its route does not read, which its loaders and components never see', async () => {
    const said = () => dev.logs.filter((line) => String(line.msg).startsWith('query parameters dropped'));
    await fetch(`${dev.origin}/products?page=2`);
    await fetch(`${dev.origin}/about?season=summer`);
    await fetch(`${dev.origin}/about?season=winter`);
    await expect.poll(() => said().length).toBe(1);
    expect(said()[0]).toMatchObject({ level: 'warn', route: '/about', dropped: ['season'] });
    // A post's URL is handed on whole: nothing dropped. Another parameter of the same route: said on its own.
    await fetch(`${dev.origin}/contacts?campaign=x`, { method: 'POST', headers: { origin: dev.origin } });
    await fetch(`${dev.origin}/about?season=spring&colour=red`);
    await expect.poll(() => said().length).toBe(2);
    expect(said()[1]).toMatchObject({ route: '/about', dropped: ['colour'] });
  }, 60_000);

  it('logs the pages asked for, not the modules Vite serves for them', async () => {
    await fetch(`${dev.origin}/about`);
    await fetch(`${dev.origin}/app/root.tsx`);
    await expect
      .poll(() => dev.logs.find((line) => line.msg === 'request' && line.path === '/about'))
      .toMatchObject({ level: 'info' });
    expect(dev.logs.filter((line) => line.path === '/app/root.tsx')).toEqual([]);
  }, 60_000);
});
