/**
 * Two versions served at once, as a fleet serves them in the middle of a roll-out: this checkout's build (A)
 * and a build of a scratch copy with one real source change (B, deploy/version-b.ts), each its own server
 * process sharing one asset store (ASSET_STORE), behind a proxy that sends each request to A, to B, or to
 * either in turn. `npm run fleet:deploy` proves the same with the images, nginx and load; this is its fast part.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_MARK, writeVersionB } from '../../deploy/version-b.ts';
import { demoFormNotice } from '../../fixtures/forms.ts';
import { launchBrowser, openPage, waitForHydration } from '../support/browser.ts';
import { spawnServer, type ServerProcess } from '../support/process.ts';
import { startProxy, type Proxy } from '../support/proxy.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Route = 'a' | 'b' | 'either';

let scratch: string;
let store: string;
let a: ServerProcess;
let b: ServerProcess;
let versions: { a: string; b: string };
let proxy: Proxy;
let origin: string;
let browser: Browser;
/** Where the proxy sends requests: to one version, or to each in turn. */
let route: Route = 'either';
/** The path and query of every request the proxy has passed on. */
const proxied: string[] = [];

/** A proxy in front of the two versions, as nginx is in front of the fleet's replicas. */
function startVersionProxy(): Promise<Proxy> {
  // Documents take turns among themselves, everything else among itself: one count for all would send every
  // document to the same version whenever each page happened to make an even number of requests.
  const turns = { document: 0, other: 0 };
  return startProxy((req) => {
    const kind = req.headers['sec-fetch-dest'] === 'document' ? 'document' : 'other';
    proxied.push(req.url!);
    return (route === 'a' ? a : route === 'b' ? b : turns[kind]++ % 2 === 0 ? a : b).port;
  });
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'storefront-version-b-'));
  store = mkdtempSync(path.join(tmpdir(), 'storefront-asset-store-'));
  writeVersionB(root, scratch);
  symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
  // `npm run build` less the precompression (~15 s here): B's assets are served uncompressed.
  const build = (tool: string, ...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'node_modules', tool), ...args], {
      cwd: scratch,
      // As `npm run build` runs it (vitest's NODE_ENV is "test", which would build pages without their policy).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'ignore',
    });
  build('@react-router/dev/bin.cjs', 'build');
  build('typescript/bin/tsc', '-p', 'tsconfig.server.json');
  [a, b, browser] = await Promise.all([
    spawnServer({ ASSET_STORE: store, LOG_LEVEL: 'warn' }),
    spawnServer({ ASSET_STORE: store, LOG_LEVEL: 'warn' }, scratch),
    launchBrowser(),
  ]);
  const versionOf = async (server: ServerProcess) =>
    ((await (await fetch(`${server.origin}/__version`)).json()) as { version: string }).version;
  versions = { a: await versionOf(a), b: await versionOf(b) };
  proxy = await startVersionProxy();
  origin = proxy.origin;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  proxy?.close();
  for (const server of [a, b]) server?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  for (const dir of [scratch, store]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The version the page's scripts run: React Router's manifest version. */
const pageVersion = (page: Page) =>
  page.evaluate(() => (window as { __reactRouterManifest?: { version: string } }).__reactRouterManifest?.version);

/** The documents the tab requests from now on (method and path), and every asset that was not a 200. */
function watch(page: Page) {
  const documents: string[] = [];
  const failedAssets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/') && response.status() !== 200)
      failedAssets.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // A prefetch on intent still on its way when the tab loads its destination as a document is abandoned with
    // the page, not an asset that failed.
    if (reason === 'net::ERR_ABORTED' && request.headers()['sec-purpose']?.startsWith('prefetch')) return;
    failedAssets.push(`failed (${reason}) ${request.url()}`);
  });
  return { documents, failedAssets };
}

it('the two builds are two versions, and B carries the change', async () => {
  expect(versions.a).not.toBe(versions.b);
  const home = async (server: ServerProcess) => (await fetch(server.origin + '/')).text();
  expect(await home(b)).toContain(RELEASE_MARK);
  expect(await home(a)).not.toContain(RELEASE_MARK);
});

describe('while requests land on either version', () => {
  it('every page of either version loads all its assets and hydrates', async () => {
    route = 'either';
    const seen = new Set<string>();
    for (const pagePath of ['/', '/products', '/', '/about', '/', '/contacts', '/journal', '/']) {
      const { page, problems, close } = await openPage(browser);
      const { failedAssets } = watch(page);
      await page.goto(origin + pagePath);
      await waitForHydration(page);
      seen.add((await pageVersion(page))!);
      expect(failedAssets, pagePath).toEqual([]);
      // React Router's route discovery warns when the other version answers it (it discovers on navigation
      // then); nothing else may show.
      expect(
        problems.filter((problem) => !problem.startsWith('warning: Detected a manifest version mismatch')),
        pagePath,
      ).toEqual([]);
      await close();
    }
    expect([...seen].sort()).toEqual([versions.a, versions.b].sort());
  });
});

// Once only B answers, this is also one container replaced by the next version on the same asset store volume.
describe('a tab of the older version, once the newer one is live', () => {
  /** A tab open before the roll-out: hydrated, and the routes its links lead to discovered (by A). */
  async function oldTab(pagePath: string) {
    route = 'a';
    const observed = await openPage(browser);
    // React Router asks for the routes of the page's links as it hydrates, just before our marker; a busy
    // machine can deliver that request after the test has turned to B, which answers that A's tab is behind.
    const [discovered] = await Promise.all([
      observed.page.waitForResponse((response) => new URL(response.url()).pathname === '/__manifest'),
      observed.page.goto(origin + pagePath).then(() => waitForHydration(observed.page)),
    ]);
    await discovered.finished();
    expect(await pageVersion(observed.page)).toBe(versions.a);
    return { ...observed, ...watch(observed.page) };
  }

  it('goes client-side as ever while the versions agree', async () => {
    const { page, documents, close } = await oldTab('/products');
    await page.locator('header').getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL(origin + '/');
    await page.locator('h1').first().waitFor();
    expect(documents).toEqual([]);
    expect(await pageVersion(page)).toBe(versions.a);
    await close();
  });

  it('follows a link to a route whose chunk changed by loading the destination, on the new version', async () => {
    const { page, documents, failedAssets, problems, close } = await oldTab('/products');
    route = 'b';
    await page.locator('header').getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL(origin + '/');
    await expect.poll(() => pageVersion(page).catch(() => undefined), { timeout: 10_000 }).toBe(versions.b);
    await waitForHydration(page);
    // One document: the destination, never the page being left.
    expect(documents).toEqual(['GET /']);
    expect(await page.locator(`[${RELEASE_MARK}]`).count()).toBe(1);
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    expect(failedAssets).toEqual([]);
    expect(problems).toEqual([]);
    // On the new version its navigations are client-side again.
    await page.locator('header').getByRole('link', { name: 'About' }).first().click();
    await page.waitForURL(origin + '/about');
    expect(documents).toEqual(['GET /']);
    await close();
  });

  it('keeps none of the data it prefetched on the old version for the new version’s code', async () => {
    const { page, problems, close } = await oldTab('/products');
    const about = page.locator('header').getByRole('link', { name: 'About' }).first();
    const aboutData = () => proxied.filter((url) => url.startsWith('/about.data')).length;
    // What the tests before asked for is not this tab's.
    proxied.length = 0;
    // A's data of /about, fresh in the browser for a few seconds (0023).
    await about.hover();
    await expect.poll(aboutData, { timeout: 10_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    route = 'b';
    await page.locator('header').getByRole('link', { name: 'Home' }).first().click();
    // A document load of B's page: its module script, which says the version, runs once the page has painted and
    // loaded (0022), seconds later on a busy machine, and the old document may still be on show when asked.
    await expect.poll(() => pageVersion(page).catch(() => undefined), { timeout: 10_000 }).toBe(versions.b);
    await waitForHydration(page);
    // B's code on /about asks B for its data: the browser dropped A's copy when the tab learnt it was behind.
    proxied.length = 0;
    await about.click();
    await page.waitForURL(origin + '/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(aboutData()).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('posts a form once, as a document, and shows its answer on the new version', async () => {
    const { page, documents, problems, close } = await oldTab('/contacts');
    route = 'b';
    for (const [label, value] of Object.entries({ Name: 'Sam', Email: 'sam@example.com', Message: 'Hello' }))
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: demoFormNotice }).count(), { timeout: 10_000 })
      .toBe(1);
    await waitForHydration(page);
    expect(await pageVersion(page)).toBe(versions.b);
    expect(page.url()).toBe(origin + '/contacts');
    expect(documents).toEqual(['POST /contacts']);
    expect(problems).toEqual([]);
    await close();
  });
});
