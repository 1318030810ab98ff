import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/process.ts';

// `npm run dev`: the same server.ts, serving the app through Vite's middleware with hot reload.
let dev: ServerProcess;
beforeAll(async () => {
  dev = await spawnServer({ NODE_ENV: 'development' });
}, 60_000);
afterAll(async () => {
  dev.child.kill('SIGTERM');
  await dev.exited;
});

describe('watch mode', () => {
  it('renders pages from source, with the hot-reload runtime', async () => {
    const response = await fetch(`${dev.origin}/about`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Shop by Catagory');
    expect(html).toContain('virtual:react-router/inject-hmr-runtime');
    expect(html).not.toContain('nonce=');
    // Development has no CSP: Vite injects inline code.
    expect(response.headers.get('content-security-policy')).toBeNull();
  }, 60_000);

  it('answers unknown paths with the 404 page and serves source modules', async () => {
    expect((await fetch(`${dev.origin}/no-such-page`)).status).toBe(404);
    const module = await fetch(`${dev.origin}/app/root.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/javascript/);
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
