import type { CDPSession, Page } from 'playwright-core';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loaderSteps, openPage, topBarLink, waitForHydration, watchLoader } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';
import { paths } from '../../app/paths.ts';
import { PRELOADS_PER_TASK } from '../../app/lib/deferred-scripts.ts';

useServerAndBrowser();

const routes = [...Object.values(paths), '/no-such-page'];

/**
 * What the cascade decides for every element of the page, enough to tell a styled page from an unstyled one:
 * properties whose computed value does not depend on layout (an image that failed to load changes the layout,
 * and with it `auto` margins or grid tracks).
 */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const properties = [
      'display',
      'position',
      'box-sizing',
      'color',
      'background-color',
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'border-top',
      'border-radius',
      'max-width',
      'min-height',
      'flex-direction',
      'align-items',
      'justify-content',
      'gap',
      'list-style-type',
      'text-align',
      'text-transform',
      'text-decoration-line',
      'visibility',
    ];
    return [...document.querySelectorAll('body *')].map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName} ${properties.map((property) => style.getPropertyValue(property)).join('|')}`;
    });
  });
}

describe('the first paint needs nothing but the document', () => {
  it.each([375, 1280])(
    'every page at %i px is styled the same with every request after the document blocked',
    async (width) => {
      // Without JavaScript both times, so that only the server's document is compared.
      const blocked = await openPage(browser, { width, javaScriptEnabled: false });
      await blocked.page.route('**/*', (route) =>
        route.request().isNavigationRequest() ? route.continue() : route.abort(),
      );
      const complete = await openPage(browser, { width, javaScriptEnabled: false });
      for (const route of routes) {
        await Promise.all([blocked.page.goto(server.origin + route), complete.page.goto(server.origin + route)]);
        const [alone, withEverything] = await Promise.all([
          computedStyles(blocked.page),
          computedStyles(complete.page),
        ]);
        expect(alone.length, route).toBeGreaterThan(50);
        expect(alone, route).toEqual(withEverything);
      }
      await blocked.close();
      await complete.close();
    },
  );

  it('fetches no stylesheet or script before the first paint, and the scripts once the page has loaded', async () => {
    const { page, problems, close } = await openPage(browser, { width: 375 });
    for (const route of routes) {
      await page.goto(server.origin + route);
      await waitForHydration(page);
      const { firstPaint, loaded, resources } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        resources: performance
          .getEntriesByType('resource')
          .map(({ name, startTime }) => ({ path: new URL(name).pathname, startTime })),
      }));
      const code = resources.filter(({ path }) => /\.(js|css)$/.test(path));
      expect(code.length, route).toBeGreaterThan(3);
      for (const { path, startTime } of code) {
        expect(startTime, `${route}: ${path}`).toBeGreaterThan(firstPaint);
        expect(startTime, `${route}: ${path}`).toBeGreaterThanOrEqual(loaded);
      }
    }
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
    await close();
  });
});

describe('starting the JavaScript', () => {
  it('makes no Intl formatter on any page (the first one costs 15–30 ms of the main thread while ICU loads)', async () => {
    const { page, problems, close } = await openPage(browser, { width: 375 });
    await page.addInitScript(() => {
      const uses: string[] = [];
      (window as unknown as { intlUses: string[] }).intlUses = uses;
      const counted = <T extends object>(name: string, target: T): T =>
        new Proxy(target, {
          construct: (original, args, newTarget) => (
            uses.push(name),
            Reflect.construct(original as never, args, newTarget)
          ),
          apply: (original, self, args) => (uses.push(name), Reflect.apply(original as never, self, args)),
        });
      const intl = Intl as unknown as Record<string, object>;
      for (const name of Object.getOwnPropertyNames(Intl)) {
        if (typeof intl[name] === 'function') intl[name] = counted(`Intl.${name}`, intl[name]);
      }
      const localized: Array<[object, string[]]> = [
        [Number.prototype, ['toLocaleString']],
        [BigInt.prototype, ['toLocaleString']],
        [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
        [String.prototype, ['localeCompare']],
      ];
      for (const [prototype, methods] of localized) {
        const methodsOf = prototype as Record<string, object>;
        for (const method of methods) methodsOf[method] = counted(method, methodsOf[method]!);
      }
    });
    for (const route of routes) {
      await page.goto(server.origin + route);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses), route).toEqual([]);
    }
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
    await close();
  });

  it('adds the module preloads a few per task, then runs the module script in a task of its own', async () => {
    const { page, problems, close } = await openPage(browser, { width: 375 });
    await watchLoader(page);
    for (const route of routes) {
      await page.goto(server.origin + route);
      await waitForHydration(page);
      const added = await loaderSteps(page);
      const waiting = await page.evaluate(
        () => (document.getElementById('storefront-preloads') as HTMLTemplateElement).content.children.length,
      );
      expect(waiting, route).toBeGreaterThan(0);
      const batches = Array.from({ length: Math.ceil(waiting / PRELOADS_PER_TASK) }, (_, index) => ({
        preloads: Math.min(PRELOADS_PER_TASK, waiting - index * PRELOADS_PER_TASK),
        moduleScript: false,
      }));
      expect(
        added.map(({ preloads, moduleScript }) => ({ preloads, moduleScript })),
        route,
      ).toEqual([...batches, { preloads: 0, moduleScript: true }]);
      // Each after the first in a timer's task of its own.
      const timers = added.map(({ timers }) => timers);
      expect(
        timers.slice(1).every((count, index) => count > timers[index]!),
        `${route}: ${timers.join(', ')}`,
      ).toBe(true);
    }
    expect(problems.filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
    await close();
  });
});

/** Which requests of a page went to the network, by CDP: a response from a cache has no raw headers. */
async function networkLog(page: Page): Promise<{ cdp: CDPSession; answers: Map<string, number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const answers = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, new URL(event.request.url).pathname));
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const path = urls.get(event.requestId);
    if (path) answers.set(path, event.statusCode);
  });
  return { cdp, answers };
}

/** The paths of the routes whose pages are the shopper's own (`handle.private`): rendered anew, never a 304. */
async function privatePaths(): Promise<Set<string>> {
  const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild;
  return new Set(
    Object.values(build.routes)
      .filter((route) => (route!.module.handle as { private?: boolean } | undefined)?.private)
      .map((route) => `/${route!.path}`),
  );
}

describe('a repeat visit', () => {
  it('fetches no script or stylesheet again, and revalidates the page itself (304)', async () => {
    const own = await privatePaths();
    const { page, problems, close } = await openPage(browser, { width: 375 });
    const visitAll = async () => {
      for (const route of Object.values(paths)) {
        await page.goto(server.origin + route);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
      }
    };
    await visitAll();
    const { cdp, answers } = await networkLog(page);
    await visitAll();
    for (const route of Object.values(paths)) expect(answers.get(route), route).toBe(own.has(route) ? 200 : 304);
    const fetchedAgain = [...answers.keys()].filter((path) => /\.(js|css)$/.test(path));
    expect(fetchedAgain).toEqual([]);
    expect(problems).toEqual([]);
    await cdp.detach();
    await close();
  });
});

describe('back on the page the document was', () => {
  // The document inlined that page's stylesheets; React Router looks for a link of each before it shows the page
  // again (0022), and without one it preloaded them: fetched again, waited for, and unused ("preloaded using link
  // preload but not used" in the console).
  it('fetches none of its stylesheets again, client-side', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    const inlined = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-href]')].map((style) => style.getAttribute('data-href')!),
    );
    await topBarLink(page, 'About').click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About');
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('.css')) stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goBack();
    // The home page on show again, its stylesheets inlined as the document had them.
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('style[data-href]').length))
      .toBe(inlined.length);
    // Past Chromium's few seconds before it says that a preload went unused.
    await page.waitForTimeout(3_500);
    // Some stylesheets' URLs end in `#` (the build's), which a request's path does not have.
    expect(stylesheets.filter((path) => inlined.some((href) => href.startsWith(path)))).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});
