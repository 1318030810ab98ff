import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server.ts';

// The version React Router gives this build: the one its pages' manifest carries.
const manifest = readdirSync('build/client/assets').find((file) => /^manifest-[\w-]+\.js$/.test(file))!;
const version = /^manifest-([\w-]+)\.js$/.exec(manifest)![1]!;

let store: string;
let app: App;
let origin: string;
let close: () => void;
beforeAll(async () => {
  store = mkdtempSync(path.join(tmpdir(), 'storefront-store-'));
  // Another version's chunk, as a replica of it would have added it.
  writeFileSync(path.join(store, 'home-OTHER1.js'), 'export default 1;');
  app = await createApp({ mode: 'production', logLevel: 'silent', assetStore: store });
  const listener = app.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  origin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
  close = () => {
    listener.closeAllConnections();
    listener.close();
  };
});
afterAll(async () => {
  close();
  await app.close();
  rmSync(store, { recursive: true, force: true });
});

describe('which version answers', () => {
  it('/__version names the build, and is never stored', async () => {
    const response = await fetch(`${origin}/__version`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ version });
  });

  it('tells the browser of a tab of another version to drop what it cached of it, and only that tab', async () => {
    const ownTab = { 'Sec-Fetch-Site': 'same-origin' };
    const other = await fetch(`${origin}/__version?from=an-older-version`, { headers: ownTab });
    expect(await other.json()).toEqual({ version });
    expect(other.headers.get('clear-site-data')).toBe('"cache"');
    for (const query of [`?from=${version}`, '?from=', '']) {
      const same = await fetch(`${origin}/__version${query}`, { headers: ownTab });
      await same.arrayBuffer();
      expect(same.headers.get('clear-site-data'), query).toBeNull();
    }
    // Another site (an image of its own pointing here, say) cannot have the shop's cache wiped; nor can a
    // request that does not say where it comes from.
    for (const site of ['cross-site', 'same-site', 'none', undefined]) {
      const elsewhere = await fetch(`${origin}/__version?from=an-older-version`, {
        headers: site ? { 'Sec-Fetch-Site': site } : {},
      });
      await elsewhere.arrayBuffer();
      expect(elsewhere.headers.get('clear-site-data'), site).toBeNull();
    }
  });

  it.each(['/', '/about', `/assets/${manifest}`, '/no-such-page'])(
    '%s says it in X-Storefront-Version',
    async (url) => {
      const response = await fetch(origin + url);
      await response.arrayBuffer();
      expect(response.headers.get('x-storefront-version')).toBe(version);
    },
  );
});

describe('the asset store', () => {
  it("receives this build's assets before the server answers", () => {
    for (const file of readdirSync('build/client/assets')) expect(existsSync(path.join(store, file)), file).toBe(true);
    expect(existsSync(path.join(store, `.builds/${version}.json`))).toBe(true);
  });

  it("serves another version's asset, immutable, and a missing one is a plain 404", async () => {
    const other = await fetch(`${origin}/assets/home-OTHER1.js`);
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await other.text()).toBe('export default 1;');
    const missing = await fetch(`${origin}/assets/home-MISSING.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not Found');
  });
});
