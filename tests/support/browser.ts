import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContextOptions, type Page, type Route } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser; these flags keep it off this machine's closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export type PageOptions = {
  width?: number;
  height?: number;
  javaScriptEnabled?: boolean;
  reducedMotion?: 'reduce' | 'no-preference';
};

export type ObservedPage = {
  page: Page;
  /** Console errors and warnings, uncaught exceptions and CSP violations seen so far. */
  problems: string[];
  close: () => Promise<void>;
};

/** A fresh page in its own context that records every console error, warning and page error. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<ObservedPage> {
  const { width = 1280, height = 800, javaScriptEnabled = true, reducedMotion = 'no-preference' } = options;
  const contextOptions: BrowserContextOptions = { viewport: { width, height }, javaScriptEnabled, reducedMotion };
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

/** Waits until React has hydrated the page (root.tsx marks <html> once it has). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** axe-core's WCAG 2.2 A and AA rules; returns one line per violation. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** Starts summing layout-shift scores from the first paint of the next navigation; read with `layoutShiftTotal`. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { layoutShiftTotal: number };
    store.layoutShiftTotal = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number }>) store.layoutShiftTotal += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Holds back the page's scripts from now on, so the server's HTML can be looked at and used before React
 * hydrates it; `release()` lets them load.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  await page.route('**/assets/*.js', (route) => void held.push(route));
  return {
    async release() {
      for (const route of held) await route.continue();
      await page.unroute('**/assets/*.js');
    },
  };
}

/** The sum of layout-shift scores since `recordLayoutShifts` (shifts of content in view only, as CLS counts). */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShiftTotal: number }).layoutShiftTotal);
}
