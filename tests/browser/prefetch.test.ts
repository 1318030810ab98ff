import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdScripts, openPage, topBarLink, waitForHydration } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';

useServerAndBrowser();

/** Every request the page sends from now on, by path, and whether its answer came over the network. */
async function recordRequests(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { path: string; status?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    requests.set(event.requestId, { path: url.pathname + url.search });
  });
  // Only an answer from the network has raw headers (and its real status: 304 for a revalidation).
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.status = event.statusCode;
  });
  return {
    paths: () => [...requests.values()].map((request) => request.path),
    /** What went over the network, with its status. */
    fromNetwork: () =>
      [...requests.values()].flatMap((request) => (request.status ? [`${request.status} ${request.path}`] : [])),
    forget: () => requests.clear(),
  };
}

/** What a route needs that the about page does not have: its data, its own module and its own stylesheet. */
const productsFiles = (paths: string[]) => ({
  data: paths.some((path) => path.startsWith('/products.data')),
  module: paths.some((path) => /^\/assets\/products-[\w-]+\.js$/.test(path)),
  stylesheet: paths.some((path) => /^\/assets\/products-[\w-]+\.css$/.test(path)),
});

async function hydratedAbout(options: { hasTouch?: boolean } = {}) {
  const observed = await openPage(browser, { width: 1280, ...options });
  const requests = await recordRequests(observed.page);
  await observed.page.goto(`${server.origin}/about`);
  await waitForHydration(observed.page);
  await observed.page.waitForLoadState('networkidle');
  return { ...observed, requests };
}

describe('the next page, fetched on intent', () => {
  it('fetches nothing of any other page on load', async () => {
    const { page, problems, requests, close } = await hydratedAbout();
    await page.waitForTimeout(500);
    const fetched = requests.paths();
    expect(fetched.filter((path) => path.includes('.data'))).toEqual([]);
    expect(productsFiles(fetched)).toEqual({ data: false, module: false, stylesheet: false });
    // The page's own code, React Router's route list for its links, its images; no other route's module.
    const html = await (await fetch(`${server.origin}/about`)).text();
    const own = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!));
    expect(fetched.filter((path) => path.endsWith('.js') && !own.has(path))).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('fetches a page’s data, modules and stylesheets while the mouse rests on its link, and the click uses them', async () => {
    const { page, problems, requests, close } = await hydratedAbout();
    requests.forget();
    await topBarLink(page, 'Shop').hover();
    await expect
      .poll(() => productsFiles(requests.paths()), { timeout: 10_000 })
      .toEqual({ data: true, module: true, stylesheet: true });
    // The navigation's version check (0021) is asked on intent too.
    expect(requests.paths().some((path) => path.startsWith('/__version?'))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${server.origin}/about`);
    requests.forget();
    await topBarLink(page, 'Shop').click();
    await page.waitForURL(`${server.origin}/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The click sent nothing the hover had fetched: the module and stylesheets are immutable, the data is fresh
    // for a few seconds (DATA_FRESH_SECONDS), and the version check made on intent answers for the click.
    const network = requests.fromNetwork();
    expect(network.filter((answer) => /\/products\.data|\/__version/.test(answer))).toEqual([]);
    const paths = network.map((answer) => answer.slice(answer.indexOf(' ') + 1));
    expect(productsFiles(paths)).toEqual({ data: false, module: false, stylesheet: false });
    expect(problems).toEqual([]);
    await close();
  });

  it('asks the version again for a click long after the hover: a check on intent answers for a few seconds', async () => {
    const { page, problems, requests, close } = await hydratedAbout();
    const checks = () => requests.paths().filter((path) => path.startsWith('/__version?')).length;
    await topBarLink(page, 'Shop').hover();
    await expect.poll(checks, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(5_500);
    // A click without the press that would focus the link (focus is intent, and would ask anew itself).
    await topBarLink(page, 'Shop').dispatchEvent('click');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    expect(checks()).toBe(2);
    expect(problems).toEqual([]);
    await close();
  });

  it('fetches a page when its link gets the keyboard focus', async () => {
    const { page, problems, requests, close } = await hydratedAbout();
    await topBarLink(page, 'Shop').focus();
    await expect
      .poll(() => productsFiles(requests.paths()), { timeout: 10_000 })
      .toEqual({ data: true, module: true, stylesheet: true });
    expect(problems).toEqual([]);
    await close();
  });

  it('fetches a page when a finger touches its link', async () => {
    const { page, problems, requests, close } = await hydratedAbout({ hasTouch: true });
    await topBarLink(page, 'Shop').dispatchEvent('touchstart');
    await expect
      .poll(() => productsFiles(requests.paths()), { timeout: 10_000 })
      .toEqual({ data: true, module: true, stylesheet: true });
    expect(problems).toEqual([]);
    await close();
  });
});

describe('before React has hydrated', () => {
  it('has the browser fetch the document of a hovered link (speculation rules), and use it on the click', async () => {
    const { page, problems, close } = await openPage(browser, { width: 1280 });
    const cdp = await page.context().newCDPSession(page);
    const prefetches: string[] = [];
    cdp.on('Preload.prefetchStatusUpdated', (event) =>
      prefetches.push(`${new URL(event.prefetchUrl).pathname} ${event.prefetchStatus ?? event.status}`),
    );
    await cdp.send('Preload.enable');
    await holdScripts(page);
    await page.goto(`${server.origin}/about`);
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(1);
    await topBarLink(page, 'Shop').hover();
    await expect.poll(() => prefetches, { timeout: 10_000 }).toContain('/products PrefetchSuccessfulButNotUsed');
    await topBarLink(page, 'Shop').click();
    await page.waitForURL(`${server.origin}/products`);
    await expect.poll(() => prefetches, { timeout: 10_000 }).toContain('/products PrefetchResponseUsed');
    expect(problems).toEqual([]);
    await close();
  });

  it('drops the speculation rules once React navigates on its own', async () => {
    const { page, problems, close } = await openPage(browser, { width: 1280 });
    await page.goto(`${server.origin}/about`);
    await waitForHydration(page);
    expect(await page.locator('script[type="speculationrules"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});
