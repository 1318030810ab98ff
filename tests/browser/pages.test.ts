import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFormNotice } from '../../fixtures/forms.ts';
import { axeViolations, holdScripts, openPage, waitForHydration } from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';

useServerAndBrowser();

const javaScript = [
  ['with JavaScript', true],
  ['without JavaScript', false],
] as const;

async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(server.origin + path);
  if (javaScriptEnabled) await waitForHydration(page);
}

describe('contact office panels', () => {
  const office = (page: Page, country: string) =>
    page.locator('details').filter({ has: page.getByText(country, { exact: true }) });
  const isOpen = (page: Page, country: string) =>
    office(page, country).evaluate((details) => (details as HTMLDetailsElement).open);

  it('open on a click, close on a click outside, and one at a time', async () => {
    const { page, problems, close } = await openPage(browser);
    await visit(page, '/contacts', true);
    expect(await page.getByText('Musterstraße 12').isVisible()).toBe(false);

    await page.getByText('Germany', { exact: true }).click();
    await expect.poll(() => isOpen(page, 'Germany')).toBe(true);
    expect(await page.getByText('Musterstraße 12').isVisible()).toBe(true);
    expect(await page.getByText('berlin@storefront.example').isVisible()).toBe(true);
    expect(await office(page, 'Germany').getByText('Opening hours').isVisible()).toBe(true);

    // A click inside the panel keeps it open; a click anywhere outside closes it.
    await page.getByText('Musterstraße 12').click();
    expect(await isOpen(page, 'Germany')).toBe(true);
    await page.getByRole('heading', { name: 'Get in touch' }).click();
    await expect.poll(() => isOpen(page, 'Germany')).toBe(false);

    await page.getByText('Germany', { exact: true }).click();
    await page.getByText('Slovakia', { exact: true }).click();
    await expect.poll(() => isOpen(page, 'Slovakia')).toBe(true);
    expect(await isOpen(page, 'Germany')).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it('work from the keyboard: Enter opens, Escape closes and returns focus to the summary', async () => {
    const { page, problems, close } = await openPage(browser);
    await visit(page, '/contacts', true);
    await page.locator('summary', { hasText: 'Lithuania' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(page, 'Lithuania')).toBe(true);
    expect(await page.getByText('vilnius@storefront.example').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page, 'Lithuania')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Lithuania');
    await page.keyboard.press('Space');
    await expect.poll(() => isOpen(page, 'Lithuania')).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('are readable without JavaScript', async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await visit(page, '/contacts', false);
    await page.getByText('Slovakia', { exact: true }).click();
    expect(await page.getByText('Vzorová 7').isVisible()).toBe(true);
    expect(await page.getByText('+421 2 0000 5678').isVisible()).toBe(true);
    await page.getByText('Slovakia', { exact: true }).click();
    expect(await page.getByText('Vzorová 7').isVisible()).toBe(false);
    await close();
  });
});

describe.each(javaScript)('account menu %s', (_, javaScriptEnabled) => {
  it('highlights Dashboard by default and moves the highlight to the item clicked', async () => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    await visit(page, '/myAccount', javaScriptEnabled);
    const menu = page.getByRole('navigation', { name: 'Account' });
    const current = () => menu.locator('[aria-current="page"]').allTextContents();
    expect(await current()).toEqual(['Dashboard']);
    expect(await page.getByText('Hello Alex Morgan').isVisible()).toBe(true);

    await menu.getByRole('link', { name: 'Donwloads' }).click();
    await expect.poll(current).toEqual(['Donwloads']);
    expect(await page.getByRole('heading', { level: 2, name: 'Donwloads' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.origin}/myAccount?tab=downloads`);

    await menu.getByRole('link', { name: 'Account details' }).click();
    await expect.poll(current).toEqual(['Account details']);
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(current).toEqual(['Dashboard']);

    await menu.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${server.origin}/login`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Login');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('links between the screens', () => {
  it('Proceed to Checkout goes to /checkOut and New Customer Continue goes to /signUp', async () => {
    const { page, problems, close } = await openPage(browser);
    await visit(page, '/cart', true);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${server.origin}/checkOut`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Check Out');

    await visit(page, '/login', true);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${server.origin}/signUp`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign Up');

    await visit(page, '/about', true);
    // Named by their visible words alone (WCAG 2.5.3); the picture describes the link instead.
    for (const name of ['Our Brand', 'Our Stores']) {
      const tile = page.getByRole('link', { name, exact: true });
      expect(await tile.count(), name).toBe(1);
      expect(await tile.getAttribute('aria-describedby'), name).toBeTruthy();
    }
    await page.getByRole('link', { name: 'Our Stores', exact: true }).click();
    await page.waitForURL(`${server.origin}/contacts`);
    expect(problems).toEqual([]);
    await close();
  });

  it.each(javaScript)(
    'Our Brand leads to its section on the page %s, and the next Tab goes on from there',
    async (_, javaScriptEnabled) => {
      // React Router's client-side handling of the link scrolled the page and left focus on the tile, far above:
      // the next Tab went back up the page (a QA pass). Without JavaScript the browser moves the starting point.
      const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
      await visit(page, '/about', javaScriptEnabled);
      await page.getByRole('link', { name: 'Our Brand', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.origin}/about#our-brands`);
      await page.keyboard.press('Tab');
      const afterSection = await page.evaluate(
        () =>
          (document.getElementById('our-brands')!.compareDocumentPosition(document.activeElement!) &
            Node.DOCUMENT_POSITION_FOLLOWING) !==
          0,
      );
      expect(afterSection).toBe(true);
      expect(problems).toEqual([]);
      await close();
    },
  );

  it('each in-page link of the browser’s own makes an entry with a key of its own: the skip link on the next page lands on main', async () => {
    // The history entries the browser makes for them had no state, so React Router gave them all one key,
    // "default", and one saved scroll position between them (a review).
    const { page, problems, close } = await openPage(browser, { width: 1280 });
    const key = () => page.evaluate(() => (history.state as { key?: string } | null)?.key);
    await visit(page, '/about', true);
    await page.getByRole('link', { name: 'Our Brand', exact: true }).click();
    await page.waitForURL(`${server.origin}/about#our-brands`);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300);
    const tileKey = await key();
    expect(tileKey).toMatch(/^\w+$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await page.waitForURL(`${server.origin}/contacts`);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    await page.locator('a[href="#main"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/contacts#main`);
    await page.waitForTimeout(300);
    expect(await key()).toMatch(/^\w+$/);
    expect(await key()).not.toBe(tileKey);
    const scrolled = await page.evaluate(() => {
      const landed = scrollY;
      document.getElementById('main')!.scrollIntoView();
      return { landed, main: scrollY };
    });
    expect(scrolled.landed).toBe(scrolled.main);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('cart', () => {
  it('the quantity stepper steps the quantity and never below 1', async () => {
    const { page, problems, close } = await openPage(browser);
    await visit(page, '/cart', true);
    const quantity = page.getByLabel('Quantity of Denim jacket', { exact: true });
    expect(await quantity.inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity of Denim jacket' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Decrease quantity of Denim jacket' }).click();
    await page.getByRole('button', { name: 'Decrease quantity of Denim jacket' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('1');
    await page.getByLabel('Size of Summer dress', { exact: true }).selectOption('XXL');
    expect(await page.getByLabel('Size of Summer dress', { exact: true }).inputValue()).toBe('XXL');
    expect(problems).toEqual([]);
    await close();
  });

  it.each(['/cart', '/productDetails'])(
    'with JavaScript off %s shows no − and + buttons that could not step; the input steps itself',
    async (route) => {
      const { page, close } = await openPage(browser, { width: 375, javaScriptEnabled: false });
      await visit(page, route, false);
      const quantity = page.getByRole('spinbutton').first();
      const steps = page.locator('button[aria-label^="Increase quantity"], button[aria-label^="Decrease quantity"]');
      expect(await steps.count()).toBeGreaterThan(0);
      for (const button of await steps.all()) expect(await button.isVisible()).toBe(false);
      expect(await quantity.isVisible()).toBe(true);
      await quantity.press('ArrowUp');
      expect(await quantity.inputValue()).toBe('2');
      await close();
    },
  );

  it('on a phone the table reflows into readable rows with no sideways scrolling', async () => {
    const { page, close } = await openPage(browser, { width: 375 });
    await visit(page, '/cart', true);
    const table = page.getByRole('table', { name: 'Products in your cart' });
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    // Each value has its label beside it on the phone.
    const firstRow = rows.first();
    expect(await firstRow.getByText('Price', { exact: true }).isVisible()).toBe(true);
    expect(await firstRow.locator('label', { hasText: 'Quantity' }).isVisible()).toBe(true);
    expect(await firstRow.locator('label', { hasText: 'Size' }).isVisible()).toBe(true);
    const quantity = (await page.getByLabel('Quantity of Denim jacket', { exact: true }).boundingBox())!;
    expect(quantity.x + quantity.width).toBeLessThanOrEqual(375);
    await close();
  });
});

// Every form submits harmlessly: the same page, the honest notice, no field in the URL, no error. The spec has no
// validation ("Email inputs use the email input type only"): an address the browser would call malformed goes too.
const email = 'sam at example';
const forms: Array<{ path: string; submit: string; fill: Record<string, string> }> = [
  { path: '/contacts', submit: 'Post', fill: { Name: 'Sam', Email: email, Message: 'Hello' } },
  { path: '/login', submit: 'Log in', fill: { Email: email, Password: 'secret-word' } },
  {
    path: '/signUp',
    submit: 'Sign Up',
    fill: { 'First name': 'Sam', Email: email, Password: 'secret-word', 'Repeat password': 'secret-word' },
  },
  { path: '/cart', submit: 'Update cart', fill: { 'Coupon code': 'SPRING' } },
  { path: '/checkOut', submit: 'Proceed to Bank', fill: { 'First name': 'Sam', Email: email } },
];

describe.each(javaScript)('submitting each form %s', (_, javaScriptEnabled) => {
  it.each(forms)('$path: $submit answers the demo notice on the same page', async ({ path, submit, fill }) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    await visit(page, path, javaScriptEnabled);
    const title = await page.locator('h1').textContent();
    for (const [label, value] of Object.entries(fill)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: demoFormNotice }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(page.url()).toBe(server.origin + path);
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    const notice = page.getByRole('status').filter({ hasText: demoFormNotice });
    const noticeFocused = () => notice.evaluate((element) => element === document.activeElement);
    if (javaScriptEnabled) {
      // With JavaScript the page stays as it was, typed values included, and focus on the button; the notice is
      // announced by its live region.
      const [label, value] = Object.entries(fill)[0]!;
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
      expect(await noticeFocused()).toBe(false);
    } else {
      // Without, the page comes anew, scrolled to its top: the notice takes focus, and with it the view and a
      // screen reader's attention, or it is neither seen nor heard (far down on a phone).
      expect(await noticeFocused()).toBe(true);
      const box = (await notice.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the demo notice with JavaScript, a submit button at the bottom of the window', () => {
  it.each(forms)(
    '$path: is brought into view, and shown and announced again for a second post',
    async ({ path, submit }) => {
      const { page, problems, close } = await openPage(browser, { width: 375, height: 667 });
      await visit(page, path, true);
      const button = page.getByRole('button', { name: submit, exact: true });
      const notice = page.getByRole('status').filter({ hasText: demoFormNotice });
      const inView = async () => {
        const box = (await notice.boundingBox())!;
        // Within a pixel: layout's fractions of one are rounded as the window scrolls.
        return box.y >= -1 && box.y + box.height <= 668;
      };
      // Where a shopper who scrolled through the form finds the button: the notice below it was below the window.
      await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await button.click();
      await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(inView).toBe(true);
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      // The same answer again: its words are hidden while the post is on its way and come back as new words, which
      // a screen reader announces and a shopper sees, while the line keeps its place (nothing under it moves).
      await notice.evaluate((element) => {
        const seen: Array<[boolean, number]> = [];
        new MutationObserver(() =>
          seen.push([
            element.firstElementChild!.checkVisibility({ visibilityProperty: true }),
            (element as HTMLElement).offsetHeight,
          ]),
        ).observe(element, { childList: true });
        (window as unknown as { noticeSeen: typeof seen }).noticeSeen = seen;
      });
      const height = await notice.evaluate((element) => (element as HTMLElement).offsetHeight);
      await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await button.click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { noticeSeen: unknown }).noticeSeen))
        .toEqual([
          [false, height],
          [true, height],
        ]);
      await expect.poll(inView).toBe(true);
      expect(problems).toEqual([]);
      await close();
    },
  );
});

const routes = ['/about', '/contacts', '/login', '/signUp', '/myAccount', '/cart', '/checkOut', '/journal'];

describe.each([375, 1280])('at %ipx', (width) => {
  let observed: Awaited<ReturnType<typeof openPage>>;
  beforeAll(async () => {
    observed = await openPage(browser, { width });
  });
  afterAll(() => observed.close());

  it.each(routes)('%s has no axe violation and no console problem', async (route) => {
    const { page, problems } = observed;
    await visit(page, route, true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('the states behind a click have none either: an open office panel, the other account tabs', async () => {
    const { page, problems } = observed;
    await visit(page, '/contacts', true);
    await page.getByText('Germany', { exact: true }).click();
    expect(await axeViolations(page, 'main')).toEqual([]);
    for (const tab of ['others', 'downloads', 'addresses', 'details']) {
      await visit(page, `/myAccount?tab=${tab}`, true);
      expect(await axeViolations(page, 'main'), tab).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
});

describe('a page asked with parameters its route does not read (0020)', () => {
  it('renders and hydrates the same form action, and the form still answers', async () => {
    const { page, problems, close } = await openPage(browser);
    const scripts = await holdScripts(page);
    await page.goto(`${server.origin}/contacts?utm_source=mail&gclid=1`, { waitUntil: 'commit' });
    const form = page.locator('main form').first();
    await form.waitFor();
    const rendered = await form.getAttribute('action');
    await scripts.release();
    await waitForHydration(page);
    expect(rendered).toBe('/contacts');
    expect(await form.getAttribute('action')).toBe(rendered);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    const { submit, fill } = forms[0]!;
    for (const [label, value] of Object.entries(fill)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: demoFormNotice }).count(), { timeout: 10_000 })
      .toBe(1);
    // Posted to the route's path, as the server rendered it, not to the URL with its query.
    expect(posts).toEqual(['/contacts.data']);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('not found', () => {
  it('has no landmark named by its whole message', async () => {
    const { page, close } = await openPage(browser);
    await visit(page, '/notfound', true);
    expect(await page.getByText(/couldn.t be found/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: /couldn.t be found/ }).count()).toBe(0);
    await close();
  });
});
