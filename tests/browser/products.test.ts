import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  forgetLayoutShifts,
  holdScripts,
  layoutShifts,
  openPage,
  recordLayoutShifts,
  waitForHydration,
  waitForStyles,
} from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';

useServerAndBrowser();

const counter = (page: Page) => page.getByRole('status').textContent();
const cards = (page: Page) => page.locator('#product-list article').count();
const current = (page: Page) => page.locator('nav[aria-label="Pagination"] [aria-current="page"]').textContent();
const summary = (page: Page, name: string) => page.locator('summary', { hasText: new RegExp(`^${name}$`) });
const isOpen = (page: Page, name: string) =>
  summary(page, name).evaluate((node) => (node.parentElement as HTMLDetailsElement).open);
/** A mark on the window: it survives client navigations and is gone after a full page load. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { stillHere: true }));
const sameWindow = (page: Page) => page.evaluate(() => 'stillHere' in window);

async function open(path: string, options: { width?: number; javaScriptEnabled?: boolean } = {}) {
  const observed = await openPage(browser, options);
  await observed.page.goto(server.origin + path);
  if (options.javaScriptEnabled !== false) await waitForHydration(observed.page);
  return observed;
}

describe('with JavaScript', () => {
  it('changing the page size to 24 shows 24 products, on the client, with the choice in the URL', async () => {
    const { page, problems, close } = await open('/products');
    expect(await page.getByRole('button', { name: 'Apply' }).isVisible()).toBe(false);
    await markWindow(page);
    const size = page.getByLabel('Show', { exact: true });
    const entries = await page.evaluate(() => history.length);
    await size.focus();
    await size.selectOption('24');
    await page.waitForURL(`${server.origin}/products?limit=24#product-list`);
    await expect.poll(() => counter(page)).toBe('Products from 1 to 24 of 140');
    expect(await cards(page)).toBe(24);
    expect(await sameWindow(page)).toBe(true);
    // Focus stays on the field in use, so a keyboard user can keep choosing.
    expect(await size.evaluate((node) => node === document.activeElement)).toBe(true);

    await page.getByLabel('Sort by').selectOption({ label: 'U.K' });
    await page.waitForURL(`${server.origin}/products?limit=24&sort=uk#product-list`);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('uk');
    expect(await cards(page)).toBe(24);
    expect(await sameWindow(page)).toBe(true);
    // A choice replaces the listing's history entry: each arrow key on a select is a choice, and Back should
    // not step through them.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(problems).toEqual([]);
    await close();
  });

  it.each([375, 1280])('hydration hides Apply and moves nothing else, at %ipx', async (width) => {
    const { page, problems, close } = await openPage(browser, { width });
    await recordLayoutShifts(page);
    const scripts = await holdScripts(page);
    await page.goto(server.origin + '/products', { waitUntil: 'commit' });
    const apply = page.getByRole('button', { name: 'Apply' });
    await apply.waitFor();
    await waitForStyles(page);
    const boxes = () =>
      page
        .locator('#product-list form')
        .getByRole('combobox')
        .evaluateAll((selects) => selects.map((select) => select.getBoundingClientRect().left));
    const before = await boxes();
    const gridTop = await page.locator('#product-list article').first().boundingBox();
    await forgetLayoutShifts(page);
    await scripts.release();
    await waitForHydration(page);
    expect(await apply.isVisible()).toBe(false);
    expect(await boxes()).toEqual(before);
    expect(await page.locator('#product-list article').first().boundingBox()).toEqual(gridTop);
    expect(await layoutShifts(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('a choice made before hydration (Apply not pressed) is applied once React runs, not undone', async () => {
    const { page, problems, close } = await openPage(browser);
    const scripts = await holdScripts(page);
    await page.goto(server.origin + '/products', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await page.getByLabel('Sort by').selectOption({ label: 'India' });
    await page.getByLabel('Show', { exact: true }).selectOption('48');
    await scripts.release();
    await waitForHydration(page);
    await page.waitForURL(`${server.origin}/products?limit=48&sort=india#product-list`);
    await expect.poll(() => counter(page)).toBe('Products from 1 to 48 of 140');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('india');
    expect(await page.getByLabel('Show', { exact: true }).inputValue()).toBe('48');
    expect(problems).toEqual([]);
    await close();
  });

  it('pages by click on the client, lands focus at the top of the grid, and back returns', async () => {
    const { page, problems, close } = await open('/products');
    await markWindow(page);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${server.origin}/products?page=2#product-list`);
    await expect.poll(() => counter(page)).toBe('Products from 13 to 24 of 140');
    expect(await current(page)).toBe('2');
    expect(await cards(page)).toBe(12);
    expect(await sameWindow(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product-list');
    const top = await page.locator('#product-list').evaluate((node) => node.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);

    await pagination.getByRole('link', { name: 'Page 12' }).click();
    await expect.poll(() => counter(page)).toBe('Products from 133 to 140 of 140');
    expect(await cards(page)).toBe(8);
    expect(await pagination.getByRole('link', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');

    await page.goBack();
    await expect.poll(() => counter(page)).toBe('Products from 13 to 24 of 140');
    expect(await current(page)).toBe('2');
    expect(await sameWindow(page)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the sort the list has when a pagination link overtakes a sort still loading', async () => {
    const { page, problems, close } = await open('/products');
    // The sort's data is slow to come; the page link is followed before it has.
    await page.route('**/products.data?*sort=uk*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => {});
    });
    await page.locator('#listing-sort').selectOption('uk');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${server.origin}/products?page=2#product-list`);
    await expect.poll(() => counter(page)).toBe('Products from 13 to 24 of 140');
    await page.waitForTimeout(2_000);
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull();
    expect(await page.locator('#listing-sort').inputValue()).toBe('featured');
    expect(problems).toEqual([]);
    await close();
  });

  it('follows a bad parameter to the nearest valid page', async () => {
    const { page, problems, close } = await open('/products?page=99&limit=30');
    expect(new URL(page.url()).search).toBe('?page=6&limit=24');
    expect(await counter(page)).toBe('Products from 121 to 140 of 140');
    expect(problems).toEqual([]);
    await close();
  });

  it('the Color, Brand and Price groups expand and collapse by click and by keyboard; the filters are inert', async () => {
    const { page, problems, close } = await open('/products');
    expect(await summary(page, 'Filters').isVisible()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Accesories' }).isVisible()).toBe(true);
    for (const [group, option] of [
      ['Color', 'Black'],
      ['Brand', 'Northwind'],
      ['Price', '$40.00-$69.99'],
    ] as const) {
      const checkbox = page.getByRole('checkbox', { name: option, exact: true });
      expect(await isOpen(page, group)).toBe(true);
      expect(await checkbox.isVisible()).toBe(true);
      await summary(page, group).click();
      expect(await isOpen(page, group)).toBe(false);
      expect(await checkbox.isVisible()).toBe(false);
      await summary(page, group).click();
      expect(await checkbox.isVisible()).toBe(true);

      await summary(page, group).focus();
      await page.keyboard.press('Enter');
      expect(await isOpen(page, group)).toBe(false);
      await page.keyboard.press('Space');
      expect(await isOpen(page, group)).toBe(true);
    }
    await markWindow(page);
    await page.getByRole('checkbox', { name: 'Navy' }).check();
    await page.getByRole('checkbox', { name: '$0.00-$9.99' }).check();
    expect(new URL(page.url()).search).toBe('');
    expect(await counter(page)).toBe('Products from 1 to 12 of 140');
    expect(await sameWindow(page)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('without JavaScript', () => {
  it('the Apply button submits the page size, and page links work', async () => {
    const { page, problems, close } = await open('/products', { javaScriptEnabled: false });
    await page.getByLabel('Show', { exact: true }).selectOption('24');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`${server.origin}/products?limit=24#product-list`);
    expect(await counter(page)).toBe('Products from 1 to 24 of 140');
    expect(await cards(page)).toBe(24);
    // The page opens at the grid, not at the top of the shell.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${server.origin}/products?page=2&limit=24#product-list`);
    expect(await counter(page)).toBe('Products from 25 to 48 of 140');
    expect(await current(page)).toBe('2');
    expect(await page.getByLabel('Show', { exact: true }).inputValue()).toBe('24');
    expect(problems).toEqual([]);
    await close();
  });

  it('the filter groups still expand and collapse', async () => {
    const { page, close } = await open('/products', { javaScriptEnabled: false });
    const black = page.getByRole('checkbox', { name: 'Black' });
    expect(await black.isVisible()).toBe(true);
    await summary(page, 'Color').click();
    expect(await black.isVisible()).toBe(false);
    await summary(page, 'Color').click();
    expect(await black.isVisible()).toBe(true);
    await close();
  });
});

describe.each([true, false])('on a phone (JavaScript %s)', (javaScriptEnabled) => {
  it('the sidebar folds behind a Filters toggle, so the grid comes first', async () => {
    const { page, problems, close } = await open('/products', { width: 375, javaScriptEnabled });
    const toggle = summary(page, 'Filters');
    const category = page.getByRole('checkbox', { name: 'Accesories' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await category.isVisible()).toBe(false);
    const firstCard = await page.locator('#product-list article').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(812);

    await toggle.click();
    expect(await category.isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: '$10.00-$19.99' }).isVisible()).toBe(true);
    await toggle.click();
    expect(await category.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('accessibility', () => {
  it.each([375, 1280])('axe finds nothing at %ipx, with the filters open', async (width) => {
    const { page, close } = await open('/products?page=6', { width });
    expect(await axeViolations(page)).toEqual([]);
    if (width < 1024) await summary(page, 'Filters').click();
    expect(await axeViolations(page, 'aside')).toEqual([]);
    await close();
  });

  it('in forced colours the current page of the pagination still stands out', async () => {
    const { page, close } = await open('/products?page=2');
    await page.emulateMedia({ forcedColors: 'active' });
    const pages = page.getByRole('navigation', { name: /pagination/i }).locator('a[href], [aria-current]');
    // A transparent background shows the page's Canvas: the text's colour tells the current page apart.
    const colours = await pages.evaluateAll((links) =>
      links.map((link) => [link.getAttribute('aria-current'), getComputedStyle(link).color]),
    );
    const current = colours.filter(([mark]) => mark === 'page');
    expect(current).toHaveLength(1);
    for (const [, colour] of colours.filter(([mark]) => mark !== 'page')) expect(colour).not.toBe(current[0]![1]);
    await close();
  });
});
