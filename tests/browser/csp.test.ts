import { describe, expect, it } from 'vitest';
import { openPage, waitForHydration } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';
import { paths } from '../../app/paths.ts';

useServerAndBrowser();

const routes = [...Object.values(paths), '/no-such-page'];

describe('the enforced Content-Security-Policy', () => {
  it('lets the browser fetch the modules a page preloads as soon as it parses their links', async () => {
    const { page, close } = await openPage(browser, { width: 1280 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const initiators = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (/\/assets\/.+\.js$/.test(event.request.url))
        initiators.set(new URL(event.request.url).pathname, event.initiator.type);
    });
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    const html = await (await fetch(`${server.origin}/`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!);
    expect(preloaded.length).toBeGreaterThan(3);
    // Fetched by the parser's preload, not later by the module that imports it (which a policy blocking the
    // preloads would cause, silently: the modules still load, a few hundred milliseconds later).
    for (const href of preloaded) expect(initiators.get(href), href).toBe('parser');
    await close();
  });

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
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL(`${server.origin}/products`);
    violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
    expect(violations).toEqual([]);
    expect(problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem))).toEqual([]);
    await close();
  });
});
