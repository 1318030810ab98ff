import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { openAssetStore, serveAssets, type AssetStore } from '../../server/asset-store.ts';
import { setLogLevel } from '../../server/log.ts';

setLogLevel('silent');
const DAY = 24 * 60 * 60 * 1000;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temporaryDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'asset-store-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A build's assets folder holding these files. */
function build(files: Record<string, string | Buffer>): string {
  const dir = temporaryDir();
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

async function open(options: Parameters<typeof openAssetStore>[0]): Promise<AssetStore> {
  const store = await openAssetStore(options);
  cleanups.push(store.close);
  return store;
}

describe('the asset store', () => {
  it("holds every version's files once each has started", async () => {
    const dir = temporaryDir();
    await open({ dir, assetsDir: build({ 'home-A.js': 'a', 'shared-S.js': 's' }), version: 'a' });
    await open({ dir, assetsDir: build({ 'home-B.js': 'b', 'shared-S.js': 's' }), version: 'b' });
    for (const name of ['home-A.js', 'home-B.js', 'shared-S.js']) expect(existsSync(path.join(dir, name))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, '.builds/b.json'), 'utf8')).files.sort()).toEqual([
      'home-B.js',
      'shared-S.js',
    ]);
  });

  it('adds files and never replaces one: a name keeps its bytes', async () => {
    const dir = temporaryDir();
    writeFileSync(path.join(dir, 'home-A.js'), 'first');
    await open({ dir, assetsDir: build({ 'home-A.js': 'second' }), version: 'a' });
    expect(readFileSync(path.join(dir, 'home-A.js'), 'utf8')).toBe('first');
  });

  it('forgets a build not seen for the retention period, and the files only it named', async () => {
    const dir = temporaryDir();
    const now = Date.now();
    await open({ dir, assetsDir: build({ 'home-A.js': 'a', 'shared-S.js': 's' }), version: 'a', now: () => now });
    // A was last seen 8 days ago; its files were copied in then.
    const old = (now - 8 * DAY) / 1000;
    for (const file of ['.builds/a.json', 'home-A.js', 'shared-S.js']) utimesSync(path.join(dir, file), old, old);
    writeFileSync(path.join(dir, 'young-Y.js'), 'copied in just now by a replica whose record is not written yet');
    await open({ dir, assetsDir: build({ 'home-B.js': 'b', 'shared-S.js': 's' }), version: 'b', now: () => now });
    expect(existsSync(path.join(dir, '.builds/a.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'home-A.js'))).toBe(false);
    // Still named by B, and a young file nobody names yet: kept.
    expect(existsSync(path.join(dir, 'shared-S.js'))).toBe(true);
    expect(existsSync(path.join(dir, 'young-Y.js'))).toBe(true);
  });

  it('keeps a build seen within the retention period', async () => {
    const dir = temporaryDir();
    const now = Date.now();
    await open({ dir, assetsDir: build({ 'home-A.js': 'a' }), version: 'a', now: () => now - 6 * DAY });
    utimesSync(path.join(dir, 'home-A.js'), (now - 30 * DAY) / 1000, (now - 30 * DAY) / 1000);
    await open({ dir, assetsDir: build({ 'home-B.js': 'b' }), version: 'b', now: () => now });
    expect(existsSync(path.join(dir, 'home-A.js'))).toBe(true);
  });

  it('deletes no file while a build record cannot be read, and still adds its own build', async () => {
    const dir = temporaryDir();
    const now = Date.now();
    await open({ dir, assetsDir: build({ 'home-A.js': 'a' }), version: 'a', now: () => now });
    // A record written by hand, or half by a disk that filled up: whose files it names, nobody can tell, so an
    // old file no other record names may be one of them.
    writeFileSync(path.join(dir, '.builds/broken.json'), '{"version":"broken","fi');
    writeFileSync(path.join(dir, 'home-X.js'), 'x');
    utimesSync(path.join(dir, 'home-X.js'), (now - 30 * DAY) / 1000, (now - 30 * DAY) / 1000);
    const store = await open({ dir, assetsDir: build({ 'home-B.js': 'b' }), version: 'b', now: () => now });
    expect(store.writable).toBe(true);
    expect(existsSync(path.join(dir, 'home-B.js'))).toBe(true);
    expect(existsSync(path.join(dir, 'home-X.js'))).toBe(true);
    // Once the record is gone, the file goes with the next upkeep.
    rmSync(path.join(dir, '.builds/broken.json'));
    await store.maintain();
    expect(existsSync(path.join(dir, 'home-X.js'))).toBe(false);
  });

  it('is served as it is when it cannot be written', async () => {
    const file = path.join(temporaryDir(), 'a-file');
    writeFileSync(file, '');
    const store = await open({ dir: path.join(file, 'store'), assetsDir: build({ 'home-A.js': 'a' }), version: 'a' });
    expect(store.writable).toBe(false);
  });
});

describe('/assets/ with a store', () => {
  async function serve(assetsDir: string, store: string) {
    const app = express();
    app.use('/assets', serveAssets({ assetsDir, store, setHeaders: () => {} }));
    app.use(((error, _req, res, _next) => res.status(error.status ?? 500).end()) as express.ErrorRequestHandler);
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    cleanups.push(() => listener.close());
    return `http://127.0.0.1:${(listener.address() as { port: number }).port}/assets`;
  }

  it("serves another version's file from the store, immutable, precompressed when the client takes it", async () => {
    const store = temporaryDir();
    const script = 'export const answer = 42;'.repeat(50);
    writeFileSync(path.join(store, 'home-B.js'), script);
    writeFileSync(path.join(store, 'home-B.js.br'), brotliCompressSync(script));
    const origin = await serve(build({ 'home-A.js': 'a' }), store);

    const plain = await fetch(`${origin}/home-B.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const br = await fetch(`${origin}/home-B.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-length')).toBe(String(brotliCompressSync(script).length));
  });

  it("prefers the build's own file, and answers 404 for a name neither has or for the store's records", async () => {
    const store = temporaryDir();
    mkdirSync(path.join(store, '.builds'));
    writeFileSync(path.join(store, '.builds/a.json'), '{}');
    const origin = await serve(build({ 'home-A.js': 'own' }), store);
    expect(await (await fetch(`${origin}/home-A.js`)).text()).toBe('own');
    expect((await fetch(`${origin}/home-C.js`)).status).toBe(404);
    expect((await fetch(`${origin}/.builds/a.json`)).status).toBe(404);
  });
});
