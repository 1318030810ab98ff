import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Route,
} from 'playwright-core';

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
  /** A touch screen: touch events, as on a phone. */
  hasTouch?: boolean;
};

export type ObservedPage = {
  page: Page;
  /** Console errors and warnings, uncaught exceptions and CSP violations seen so far. */
  problems: string[];
  close: () => Promise<void>;
};

/** A fresh page in its own context that records every console error, warning and page error. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<ObservedPage> {
  const { width = 1280, height = 800, javaScriptEnabled = true, reducedMotion = 'no-preference', hasTouch } = options;
  const contextOptions: BrowserContextOptions = {
    viewport: { width, height },
    javaScriptEnabled,
    reducedMotion,
    hasTouch,
  };
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

/** A link of the top bar (the navigation named Main), by its text. */
export function topBarLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** Waits until React has hydrated the page (root.tsx marks <html> once it has). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** What the scripts loader (app/lib/deferred-scripts.ts) added to the document at one time. */
export type LoaderStep = {
  /** How many module preload links. */
  preloads: number;
  /** Whether the module script. */
  moduleScript: boolean;
  /** Timer callbacks started by then: a new number means a new task (a microtask would not start one). */
  timers: number;
  /** performance.now() then. */
  at: number;
};

/** Has the page record, from its first byte on, what the loader adds to the document (read with loaderSteps). */
export async function watchLoader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const steps: LoaderStep[] = [];
    (window as unknown as { loaderSteps: LoaderStep[] }).loaderSteps = steps;
    let timers = 0;
    const setTimeoutOriginal = window.setTimeout;
    window.setTimeout = ((handler: () => void, ...rest: number[]) =>
      setTimeoutOriginal(() => (timers++, handler()), ...rest)) as typeof window.setTimeout;
    new MutationObserver((records) => {
      const nodes = records.flatMap((record) => [...record.addedNodes]).filter((node) => node instanceof Element);
      const preloads = nodes.filter((node) => node.matches('link[rel="modulepreload"]')).length;
      const moduleScript = nodes.some((node) => node.matches('script[type="module"]:not([src])'));
      if (preloads || moduleScript) steps.push({ preloads, moduleScript, timers, at: performance.now() });
    }).observe(document, { childList: true, subtree: true });
  });
}

/** What the loader has added so far, in order (watchLoader). */
export function loaderSteps(page: Page): Promise<LoaderStep[]> {
  return page.evaluate(() => (window as unknown as { loaderSteps: LoaderStep[] }).loaderSteps);
}

/** Scrolls through the page so lazy images near each screenful load, back to the top, and waits for them. */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** axe-core's WCAG 2.2 A and AA rules; returns one line per violation. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // WCAG's rules and axe's best practices (unique landmark names, all content within landmarks, …).
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22a',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * Starts recording layout shifts from the first paint of the next navigation: read their sum with
 * `layoutShiftTotal`, or what moved with `layoutShifts`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = {
      value: number;
      sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const store = window as unknown as { layoutShiftTotal: number; layoutShifts: string[] };
    store.layoutShiftTotal = 0;
    store.layoutShifts = [];
    const describe = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.textContent ?? '').trim().slice(0, 30)}"`
        : 'text';
    const box = (rect: DOMRectReadOnly) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(',');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        store.layoutShiftTotal += entry.value;
        for (const source of entry.sources)
          store.layoutShifts.push(`${describe(source.node)} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What moved since `recordLayoutShifts` (or `forgetLayoutShifts`): one line per element, with its boxes. */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
}

/** Forgets the shifts so far, so that what follows is measured alone. */
export async function forgetLayoutShifts(page: Page): Promise<void> {
  // Let the observer deliver what is pending first.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await page.evaluate(() => Object.assign(window, { layoutShiftTotal: 0, layoutShifts: [] }));
}

/**
 * Holds back the page's scripts from now on, so the server's HTML can be looked at and used before React
 * hydrates it; `release()` lets them load.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      for (const route of held) await route.continue();
      await page.unroute('**/assets/*.js');
    },
  };
}

/**
 * Waits until every stylesheet the page links to has loaded (the scripts may still be held back). A disabled
 * link stands for a stylesheet the page has inlined, and never loads.
 */
export async function waitForStyles(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].every(
      (link) => link.sheet,
    ),
  );
}

/** The sum of layout-shift scores since `recordLayoutShifts` (shifts of content in view only, as CLS counts). */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShiftTotal: number }).layoutShiftTotal);
}

/** Whether the element is wholly inside the viewport's width (scrolled into view in a carousel, say). */
export function isWithinViewportWidth(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth;
  });
}
