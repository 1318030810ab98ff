import { describe, expect, it } from 'vitest';
import { loaderSteps, openPage, topBarLink, waitForHydration, watchLoader } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';
import { paths } from '../../app/paths.ts';

useServerAndBrowser();

const routes = [...Object.values(paths), '/no-such-page'];

describe('the enforced Content-Security-Policy', () => {
  it.each(['/about', '/productDetails'])(
    'lets %s preload its modules once it has painted: all at once, not one import after another',
    async (route) => {
      const { page, problems, close } = await openPage(browser, { width: 1280 });
      await watchLoader(page);
      await page.goto(server.origin + route);
      await waitForHydration(page);
      const html = await (await fetch(server.origin + route)).text();
      const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!);
      expect(preloaded.length).toBeGreaterThan(3);
      const timings = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .map(({ name, startTime, responseEnd }) => ({ path: new URL(name).pathname, startTime, responseEnd })),
      );
      const modules = timings.filter(({ path }) => preloaded.includes(path));
      expect(modules.map(({ path }) => path).sort()).toEqual([...preloaded].sort());
      // A preload the policy blocked (silently) would leave the module to be fetched by the module importing it,
      // once the module script runs. (Not "before the first module arrives": the loader adds them a few per task.)
      const moduleScriptAt = (await loaderSteps(page)).find(({ moduleScript }) => moduleScript)?.at;
      expect(moduleScriptAt).toBeGreaterThan(0);
      for (const { path, startTime } of modules) expect(startTime, path).toBeLessThan(moduleScriptAt!);
      expect(problems).toEqual([]);
      await close();
    },
  );

  it('hydrates every page and runs its widgets with no violation reported', async () => {
    const { page, problems, close } = await openPage(browser, { width: 1280 });
    // Every violation the browser reports, from the first byte of each document.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations: string[] = [];
    for (const route of routes) {
      const response = await page.goto(server.origin + route);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'sha256-[^;]*'strict-dynamic'/);
      await waitForHydration(page);
      // Exercise what hydration made interactive: a dropdown and a client-side navigation.
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();
      await page.keyboard.press('Escape');
      const found = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      violations.push(...found.map((violation) => `${route}: ${violation}`));
    }
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    await topBarLink(page, 'Shop').click();
    await page.waitForURL(`${server.origin}/products`);
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
    expect(violations).toEqual([]);
    expect(problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem))).toEqual([]);
    await close();
  });
});
