import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetails } from '../../fixtures/product.ts';
import {
  axeViolations,
  forgetLayoutShifts,
  holdScripts,
  isWithinViewportWidth,
  launchBrowser,
  layoutShiftTotal,
  layoutShifts,
  openPage,
  recordLayoutShifts,
  waitForHydration,
  waitForStyles,
  type PageOptions,
} from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PATH = '/productDetails';
const DELAY = productDetails.carouselDelay;

async function openProduct(options: PageOptions = {}) {
  const observed = await openPage(browser, options);
  await observed.page.goto(server.origin + PATH);
  if (options.javaScriptEnabled !== false) {
    await waitForHydration(observed.page);
    // Below 1024px the gallery's carousel code arrives after hydration; wait until embla runs.
    if ((options.width ?? 1280) < 1024)
      await gallery(observed.page).and(observed.page.locator('[data-ready="true"]')).waitFor();
  }
  return observed;
}

const gallery = (page: Page) => page.getByRole('region', { name: 'Product images' });
const autoplayState = (page: Page) => gallery(page).getAttribute('data-autoplay');

/** Geometry of the gallery: each image's box and the carousel viewport's box. */
function galleryBoxes(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('[aria-label="Product images"]')!;
    const slides = [...root.querySelectorAll('[aria-roledescription="slide"]')];
    const viewport = slides[0]!.parentElement!.parentElement!.getBoundingClientRect();
    const images = slides.map((slide) => slide.querySelector('img')!.getBoundingClientRect());
    return {
      viewport: { left: viewport.left, right: viewport.right },
      images: images.map(({ left, right, top }) => ({ left, right, top })),
    };
  });
}

/** The numbers (1-based) of the images at least partly inside the carousel's viewport. */
async function imagesInView(page: Page): Promise<number[]> {
  const { viewport, images } = await galleryBoxes(page);
  return images.flatMap((box, index) =>
    box.right > viewport.left + 1 && box.left < viewport.right - 1 ? [index + 1] : [],
  );
}

/** The image (1-based) that fills the viewport, once the carousel has settled on one. */
async function settledImage(page: Page): Promise<number | undefined> {
  const { viewport, images } = await galleryBoxes(page);
  const index = images.findIndex((box) => Math.abs(box.left - viewport.left) < 1);
  return index === -1 ? undefined : index + 1;
}

async function currentDot(page: Page): Promise<number> {
  const dots = page.getByRole('group', { name: 'Choose an image' }).getByRole('button');
  const current = await dots.evaluateAll((buttons) =>
    buttons.findIndex((button) => button.getAttribute('aria-current') === 'true'),
  );
  return current + 1;
}

/** Where the mouse rests when it must not hover the gallery (a hovered carousel pauses): the top left corner. */
const moveMouseAway = (page: Page) => page.mouse.move(2, 2);

/**
 * A finger swiping right to left across the gallery's viewport, sent as a phone sends it: touch events, so
 * nothing is left "hovered" as a mouse would leave it.
 */
async function swipeLeft(page: Page) {
  const viewport = gallery(page).locator('[aria-roledescription="slide"]').first().locator('xpath=../..');
  const box = (await viewport.boundingBox())!;
  const y = box.y + box.height / 2;
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: box.x + box.width * 0.8, y }],
  });
  for (let step = 1; step <= 8; step++) {
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: box.x + box.width * (0.8 - step * 0.075), y }],
    });
    await page.waitForTimeout(16);
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/** A click that leaves the mouse off the gallery, as a tap does. */
async function tap(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.click();
  await moveMouseAway(page);
}

/** Whether the page has navigated (or reloaded) since this was called. */
function watchNavigation(page: Page): () => boolean {
  let navigated = false;
  page.on('framenavigated', () => (navigated = true));
  return () => navigated;
}

/** Waits until the gallery rests on an image (other than `after`, if given) and returns its number. */
async function settledOn(
  page: Page,
  { after, timeout = 3000 }: { after?: number; timeout?: number } = {},
): Promise<number> {
  let image: number | undefined;
  await expect
    .poll(
      async () => {
        image = await settledImage(page);
        return image !== undefined && image !== after;
      },
      { timeout },
    )
    .toBe(true);
  return image!;
}

const next = (image: number) => (image % productDetails.images.length) + 1;

describe('gallery', () => {
  it('at 1280px shows the four images in one row, without carousel controls, and a resize to 375px makes it a carousel', async () => {
    const { page, problems, close } = await openProduct({ width: 1280 });
    const { images } = await galleryBoxes(page);
    expect(images).toHaveLength(4);
    for (const [index, box] of images.entries()) {
      expect(Math.abs(box.top - images[0]!.top), `image ${index + 1} on the first image's row`).toBeLessThan(1);
      if (index > 0) expect(box.left).toBeGreaterThanOrEqual(images[index - 1]!.right);
      expect(box.right).toBeLessThanOrEqual(1280);
    }
    expect(await page.getByRole('button', { name: 'Pause image slideshow' }).isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Choose an image' }).isVisible()).toBe(false);
    // Nothing moves on a large screen.
    await page.waitForTimeout(DELAY + 500);
    expect((await galleryBoxes(page)).images).toEqual(images);

    await page.setViewportSize({ width: 375, height: 812 });
    // The carousel's code loads now, on the way below 1024px.
    await gallery(page).and(page.locator('[data-ready="true"]')).waitFor();
    const first = await settledOn(page);
    expect(await imagesInView(page)).toEqual([first]);
    expect(await page.getByRole('button', { name: 'Pause image slideshow' }).isVisible()).toBe(true);
    expect(await settledOn(page, { after: first, timeout: DELAY + 2000 })).toBe(next(first));
    expect(problems).toEqual([]);
    await close();
  });

  it('at 375px shows one image at a time, advancing on its own, and still after a swipe and after a dot', async () => {
    const { page, problems, close } = await openProduct({ width: 375 });
    expect(await autoplayState(page)).toBe('playing');
    // Relative to where it is: on a busy machine the first interval may pass before the test looks.
    const first = await settledOn(page);
    expect(await imagesInView(page)).toEqual([first]);
    expect(await currentDot(page)).toBe(first);

    const advanced = await settledOn(page, { after: first, timeout: DELAY + 2000 });
    expect(advanced).toBe(next(first));
    expect(await imagesInView(page)).toEqual([advanced]);
    expect(await currentDot(page)).toBe(advanced);

    // A swipe (just after autoplay moved, so well within an interval) moves on one image; autoplay keeps going.
    await swipeLeft(page);
    const swiped = await settledOn(page, { after: advanced });
    expect(swiped).toBe(next(advanced));
    expect(await autoplayState(page)).toBe('playing');
    expect(await settledOn(page, { after: swiped, timeout: DELAY + 2000 })).toBe(next(swiped));

    // So it does after a dot, and it loops from the last image to the first.
    await tap(page, page.getByRole('group', { name: 'Choose an image' }).getByRole('button').nth(1));
    await expect.poll(() => settledImage(page), { timeout: 3000 }).toBe(2);
    for (const expected of [3, 4, 1]) {
      expect(await settledOn(page, { after: expected === 1 ? 4 : expected - 1, timeout: DELAY + 2000 })).toBe(expected);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it("in forced colours (Windows high contrast) the current image's dot still stands out", async () => {
    const { page, problems, close } = await openProduct({ width: 375, reducedMotion: 'reduce' });
    await page.emulateMedia({ forcedColors: 'active' });
    // The middle of each dot as painted: the current one's is filled, the others' are not.
    const middles: string[] = [];
    for (const dot of await page.getByRole('group', { name: 'Choose an image' }).getByRole('button').all()) {
      const image = PNG.sync.read(await dot.screenshot());
      const at = ((image.height >> 1) * image.width + (image.width >> 1)) * 4;
      middles.push(image.data.subarray(at, at + 3).join());
    }
    expect(middles.slice(1).every((middle) => middle !== middles[0])).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('in forced colours the selected tab and the chosen colour still stand out', async () => {
    const { page, problems, close } = await openProduct({ width: 1280 });
    await page.emulateMedia({ forcedColors: 'active' });
    const style = (selector: string, property: 'borderBottomColor' | 'borderTopColor') =>
      page
        .locator(selector)
        .evaluateAll(
          (elements, name) => elements.map((element) => getComputedStyle(element)[name as 'borderTopColor']),
          property,
        );
    const [selected, other] = [
      await style('[role="tab"][aria-selected="true"]', 'borderBottomColor'),
      await style('[role="tab"][aria-selected="false"]', 'borderBottomColor'),
    ];
    expect(selected).toHaveLength(1);
    expect(other.length).toBeGreaterThan(0);
    for (const color of other) expect(color).not.toBe(selected[0]);
    const [chosen, others] = [
      await style('label:has(input[name="colour"]:checked)', 'borderTopColor'),
      await style('label:has(input[name="colour"]:not(:checked))', 'borderTopColor'),
    ];
    expect(chosen).toHaveLength(1);
    for (const color of others) expect(color).not.toBe(chosen[0]);
    // A quantity button at its limit looks unavailable, as a disabled one would.
    const colourOf = (name: string) =>
      page.getByRole('button', { name }).evaluate((button) => getComputedStyle(button).color);
    expect(await colourOf('Decrease quantity')).not.toBe(await colourOf('Increase quantity'));
    expect(problems).toEqual([]);
    await close();
  });

  it('stops with the pause control until Play, and never starts under reduced motion', async () => {
    const { page, problems, close } = await openProduct({ width: 375 });
    await tap(page, page.getByRole('button', { name: 'Pause image slideshow' }));
    expect(await autoplayState(page)).toBe('paused');
    const paused = await settledOn(page);
    await page.waitForTimeout(DELAY + 800);
    expect(await settledImage(page)).toBe(paused);
    await tap(page, page.getByRole('button', { name: 'Play image slideshow' }));
    expect(await settledOn(page, { after: paused, timeout: DELAY + 2000 })).toBe(next(paused));
    expect(problems).toEqual([]);
    await close();

    const still = await openProduct({ width: 375, reducedMotion: 'reduce' });
    expect(await autoplayState(still.page)).toBe('paused');
    expect(await still.page.getByRole('button', { name: 'Play image slideshow' }).isVisible()).toBe(true);
    await still.page.waitForTimeout(DELAY + 800);
    expect(await settledImage(still.page)).toBe(1);
    expect(still.problems).toEqual([]);
    await still.close();
  });
});

describe('buying panel', () => {
  it('moves the colour choice with the arrow keys, picks a size, steps the quantity, and its buttons go nowhere', async () => {
    const { page, problems, close } = await openProduct({ width: 1280 });
    const colours = page.getByRole('group', { name: 'Colour' });
    const [first, second] = productDetails.colours;
    const firstRadio = colours.getByRole('radio', { name: first!.name });
    expect(await firstRadio.isChecked()).toBe(true);
    // Every name is read out; only the chosen one is shown (the others are visually hidden, 1px boxes).
    const shownWidth = async (name: string) =>
      (await colours.getByText(name, { exact: true }).boundingBox())?.width ?? 0;
    expect(await shownWidth(first!.name)).toBeGreaterThan(10);
    await firstRadio.focus();
    await page.keyboard.press('ArrowRight');
    expect(await colours.getByRole('radio', { name: second!.name }).isChecked()).toBe(true);
    expect(await firstRadio.isChecked()).toBe(false);
    // The chosen colour's name is what shows beside the legend.
    expect(await shownWidth(second!.name)).toBeGreaterThan(10);
    expect(await shownWidth(first!.name)).toBeLessThanOrEqual(1);

    const size = page.getByRole('combobox', { name: 'Size' });
    expect(await size.inputValue()).toBe('S');
    await size.selectOption('XL');
    expect(await size.inputValue()).toBe('XL');

    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    const decrease = page.getByRole('button', { name: 'Decrease quantity' });
    expect(await quantity.inputValue()).toBe('1');
    expect(await decrease.getAttribute('aria-disabled')).toBe('true');
    // (Playwright waits for an aria-disabled button to be enabled before it clicks; a shopper does not.)
    await decrease.click({ force: true });
    expect(await quantity.inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await quantity.inputValue()).toBe('3');
    await decrease.click();
    expect(await quantity.inputValue()).toBe('2');
    // Focus stays on the button, so the new value is read out from a status region beside the stepper.
    const stepped = quantity.locator('xpath=../..').getByRole('status');
    expect(await stepped.textContent()).toBe('2');
    // By keyboard down to the limit: the button stays focused (a disabled one dropped focus to the page).
    await decrease.focus();
    await page.keyboard.press('Enter');
    expect(await quantity.inputValue()).toBe('1');
    expect(await stepped.textContent()).toBe('1');
    // A value typed in between: the next step is said even when it is the value said last.
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    expect(await stepped.textContent()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await quantity.fill('1');
    expect(await stepped.textContent()).toBe('');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await stepped.textContent()).toBe('2');
    await decrease.focus();
    await page.keyboard.press('Enter');
    expect(await decrease.getAttribute('aria-disabled')).toBe('true');
    expect(await decrease.evaluate((button) => button === document.activeElement)).toBe(true);

    const navigated = watchNavigation(page);
    await page.getByRole('button', { name: 'Add to Wish List' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForTimeout(300);
    expect(navigated()).toBe(false);
    expect(page.url()).toBe(server.origin + PATH);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('expandable sections', () => {
  it('open on a click, close on a click outside or on another, and work from the keyboard', async () => {
    const { page, problems, close } = await openProduct({ width: 1280 });
    const features = page.locator('details', { hasText: 'FEATURES & DETAILS' });
    const shipping = page.locator('details', { hasText: 'SHIPPING & RETURNS' });
    const isOpen = (details: typeof features) => details.evaluate((element) => (element as HTMLDetailsElement).open);
    const performance = page.getByRole('heading', { name: 'Performance Details' });
    expect(await performance.isVisible()).toBe(false);

    await page.getByText('FEATURES & DETAILS').click();
    expect(await isOpen(features)).toBe(true);
    for (const name of ['Performance Details', 'Warranty & Support', 'Environmental or Sustainability Info']) {
      expect(await page.getByRole('heading', { name }).isVisible(), name).toBe(true);
    }
    // A click inside the open section leaves it open.
    await performance.click();
    expect(await isOpen(features)).toBe(true);
    await page.getByRole('heading', { name: 'Product Details', level: 1 }).click();
    expect(await isOpen(features)).toBe(false);

    await page.getByText('FEATURES & DETAILS').click();
    await page.getByText('SHIPPING & RETURNS').click();
    expect(await isOpen(features)).toBe(false);
    expect(await isOpen(shipping)).toBe(true);
    for (const name of [
      'Shipping Methods',
      'Estimated Delivery Time',
      'Shipping Cost',
      'Return Policy',
      'Refund Information',
      'Exchange Policy',
    ]) {
      expect(await page.getByRole('heading', { name }).isVisible(), name).toBe(true);
    }
    await page.mouse.click(5, 5);
    expect(await isOpen(shipping)).toBe(false);

    const summary = shipping.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await isOpen(shipping)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await isOpen(shipping)).toBe(false);
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await isOpen(shipping)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('tabs', () => {
  it('show Reviews (1) first, switch by click and by arrow keys, Home and End', async () => {
    const { page, problems, close } = await openProduct({ width: 1280 });
    const tabs = page.getByRole('tablist', { name: 'Product information' });
    const description = tabs.getByRole('tab', { name: 'Description' });
    const reviews = tabs.getByRole('tab', { name: 'Reviews (1)' });
    const reviewsHeading = page.getByRole('heading', { name: '1 review for Product' });
    const descriptionText = page.getByText(productDetails.description.paragraphs[0]!);
    const [review] = productDetails.reviews;
    const selected = () => tabs.locator('[aria-selected="true"]').textContent();

    expect(await selected()).toBe('Reviews (1)');
    expect(await reviewsHeading.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: review!.author }).isVisible()).toBe(true);
    expect(await page.getByText(review!.text).isVisible()).toBe(true);
    expect(await page.getByRole('tabpanel').getByRole('img', { name: 'Rated 5 out of 5' }).isVisible()).toBe(true);
    expect(await descriptionText.isVisible()).toBe(false);

    await description.click();
    expect(await selected()).toBe('Description');
    expect(await descriptionText.isVisible()).toBe(true);
    expect(await reviewsHeading.isVisible()).toBe(false);
    expect(await page.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(await description.getAttribute('id'));

    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Reviews (1)');
    expect(await reviews.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await reviewsHeading.isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Description');
    await page.keyboard.press('ArrowLeft');
    expect(await selected()).toBe('Reviews (1)');
    await page.keyboard.press('Home');
    expect(await selected()).toBe('Description');
    expect(await description.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    expect(await selected()).toBe('Reviews (1)');
    // Only the selected tab is in the tab order.
    expect(await description.getAttribute('tabindex')).toBe('-1');
    expect(await reviews.getAttribute('tabindex')).toBe('0');

    // "1 Review" under the title leads to the reviews, even from the Description tab, and every time.
    const reviewsInView = () =>
      page.locator('#product-info-reviews').evaluate((panel) => {
        const { top } = panel.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight;
      });
    for (let time = 0; time < 2; time++) {
      await description.click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('link', { name: '1 Review' }).click();
      expect(await selected()).toBe('Reviews (1)');
      expect(await reviewsHeading.isVisible()).toBe(true);
      await expect.poll(reviewsInView).toBe(true);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('look the same before and after hydration: in view while the page hydrates, nothing moves and typed text stays', async () => {
    const { page, problems, close } = await openPage(browser, { width: 375 });
    await recordLayoutShifts(page);
    // Hold the scripts back until the tabs are on screen with a review half written.
    const scripts = await holdScripts(page);
    await page.goto(server.origin + PATH, { waitUntil: 'commit' });
    const tabs = page.locator('#product-info');
    await tabs.scrollIntoViewIfNeeded();
    await waitForStyles(page);
    const review = page.getByRole('form', { name: 'Add a Review' }).getByLabel('Review');
    await review.fill('Half a review');
    const before = await tabs.boundingBox();
    expect(await page.getByRole('tablist').count()).toBe(0);

    await forgetLayoutShifts(page);
    await scripts.release();
    await waitForHydration(page);
    await page.getByRole('tablist', { name: 'Product information' }).waitFor();
    expect(await tabs.boundingBox()).toEqual(before);
    expect(await layoutShifts(page)).toEqual([]);
    expect(await review.inputValue()).toBe('Half a review');
    expect(problems).toEqual([]);
    await close();
  });

  it('hydrate onto the panel a link chose before, and keep keyboard focus on the titles', async () => {
    const { page, problems, close } = await openPage(browser, { width: 1280 });
    await recordLayoutShifts(page);
    const scripts = await holdScripts(page);
    await page.goto(`${server.origin}${PATH}#product-info-description`, { waitUntil: 'commit' });
    const tabs = page.locator('#product-info');
    await tabs.scrollIntoViewIfNeeded();
    await waitForStyles(page);
    const descriptionText = page.getByText(productDetails.description.paragraphs[0]!);
    expect(await descriptionText.isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Description', exact: true }).focus();
    const before = await tabs.boundingBox();
    // Loading moved the footer already: the default panel shows until the browser has parsed the page and
    // resolved its #fragment. Hydration alone is measured here.
    await forgetLayoutShifts(page);

    await scripts.release();
    await waitForHydration(page);
    const tablist = page.getByRole('tablist', { name: 'Product information' });
    await tablist.waitFor();
    expect(await tablist.locator('[aria-selected="true"]').textContent()).toBe('Description');
    expect(await descriptionText.isVisible()).toBe(true);
    expect(await tabs.boundingBox()).toEqual(before);
    expect(await layoutShifts(page)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Description');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('Add a Review', () => {
  it('Post neither navigates nor errors nor pretends to succeed', async () => {
    const { page, problems, close } = await openProduct({ width: 375 });
    const form = page.getByRole('form', { name: 'Add a Review' });
    await form.getByLabel('Name').fill('Ann');
    await form.getByLabel('Email').fill('not an email');
    await form.getByLabel('Review').fill('Lovely jacket');
    expect(await form.getByLabel('Email').getAttribute('type')).toBe('email');
    const before = await page.locator('main').innerText();
    const navigated = watchNavigation(page);
    await form.getByRole('button', { name: 'Post' }).click();
    await page.waitForTimeout(500);
    expect(navigated()).toBe(false);
    expect(page.url()).toBe(server.origin + PATH);
    expect(await page.locator('main').innerText()).toBe(before);
    expect(await form.getByLabel('Review').inputValue()).toBe('Lovely jacket');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the whole page', () => {
  it.each([375, 1280])('has no layout shift, no console problem and no axe violation at %ipx', async (width) => {
    const { page, problems, close } = await openPage(browser, { width });
    await recordLayoutShifts(page);
    await page.goto(server.origin + PATH);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftTotal(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // Open content too: both sections' text and the Description panel.
    await page.getByText('FEATURES & DETAILS').click();
    expect(await axeViolations(page, 'details[open]')).toEqual([]);
    await page.getByRole('tab', { name: 'Description' }).click();
    expect(await axeViolations(page, '[role="tabpanel"]:not([hidden])')).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('with JavaScript off switches the tab panels by link, opens the sections, scrolls the images, and Post reloads the page', async () => {
    const { page, close } = await openProduct({ width: 375, javaScriptEnabled: false });
    const descriptionText = page.getByText(productDetails.description.paragraphs[0]!);
    const reviewText = page.getByText(productDetails.reviews[0]!.text);
    const marked = (name: string) =>
      page
        .getByRole('link', { name, exact: true })
        .evaluate((link) => getComputedStyle(link).borderBottomColor !== 'rgba(0, 0, 0, 0)');
    // Reviews (1) shows first; the tab titles are links to their panels, which switch with them.
    await reviewText.scrollIntoViewIfNeeded();
    expect(await reviewText.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: '1 review for Product' }).isVisible()).toBe(true);
    expect(await descriptionText.isVisible()).toBe(false);
    expect([await marked('Reviews (1)'), await marked('Description')]).toEqual([true, false]);
    await page.getByRole('link', { name: 'Description', exact: true }).click();
    expect(page.url()).toBe(`${server.origin}${PATH}#product-info-description`);
    expect(await descriptionText.isVisible()).toBe(true);
    expect(await reviewText.isVisible()).toBe(false);
    expect([await marked('Reviews (1)'), await marked('Description')]).toEqual([false, true]);
    // The titles stay in view above the panel they lead to.
    expect(
      await page
        .getByRole('link', { name: 'Description', exact: true })
        .evaluate((link) => link.getBoundingClientRect().top >= 0),
    ).toBe(true);
    await page.getByRole('link', { name: '1 Review' }).click();
    expect(await reviewText.isVisible()).toBe(true);
    expect(await descriptionText.isVisible()).toBe(false);
    expect([await marked('Reviews (1)'), await marked('Description')]).toEqual([true, false]);

    await page.getByText('SHIPPING & RETURNS').click();
    expect(await page.getByRole('heading', { name: 'Exchange Policy' }).isVisible()).toBe(true);

    // The carousel's controls need JavaScript; the images scroll natively instead.
    expect(await page.getByRole('button', { name: 'Pause image slideshow' }).isVisible()).toBe(false);
    const lastImage = gallery(page).locator('img').last();
    await lastImage.evaluate((image) =>
      image.closest('[aria-roledescription="slide"]')!.parentElement!.parentElement!.scrollTo({ left: 10_000 }),
    );
    await expect.poll(() => isWithinViewportWidth(lastImage)).toBe(true);

    const form = page.getByRole('form', { name: 'Add a Review' });
    await form.getByLabel('Name').fill('Ann');
    const [response] = await Promise.all([
      page.waitForNavigation(),
      form.getByRole('button', { name: 'Post' }).click(),
    ]);
    expect(response?.status()).toBe(200);
    expect(response?.request().method()).toBe('POST');
    expect(await page.locator('h1').textContent()).toBe('Product Details');
    await close();
  });

  it('before hydration (its scripts held back) the server HTML has no axe violation', async () => {
    const { page, close } = await openPage(browser, { width: 375 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(server.origin + PATH);
    // The tab titles are still links.
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Reviews (1)' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
