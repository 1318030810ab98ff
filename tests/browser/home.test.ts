import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { NEW_ARRIVALS_LAYOUT } from '../../app/components/home/NewArrivals/layout.ts';
import { tokens } from '../../app/styles/tokens.ts';
import { BANNER_AUTOPLAY_INTERVAL, bannerSlides, newArrivals } from '../../fixtures/home.ts';
import {
  axeViolations,
  isWithinViewportWidth,
  layoutShiftTotal,
  layoutShifts,
  openPage,
  recordLayoutShifts,
  waitForHydration,
  type PageOptions,
} from '../support/browser.ts';
import { browser, server, useServerAndBrowser } from '../support/setup.ts';

useServerAndBrowser();

async function openHome(options: PageOptions = {}) {
  const observed = await openPage(browser, options);
  await observed.page.goto(`${server.origin}/`);
  if (options.javaScriptEnabled !== false) await waitForHydration(observed.page);
  return observed;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Seasonal highlights' });
const currentDot = (page: Page) =>
  page.getByRole('group', { name: 'Choose a banner slide' }).locator('[aria-current="true"]').textContent();
const autoplayState = (page: Page) => banner(page).getAttribute('data-autoplay');
/** Where the mouse rests when it should not hover the banner: the footer. */
const moveMouseAway = (page: Page) => page.mouse.move(5, (page.viewportSize()?.height ?? 800) - 5);

/** The numbers (1-based) of the banner slide that fills the banner, if one does. */
async function slideInView(page: Page): Promise<number | undefined> {
  return page.evaluate(() => {
    const root = document.querySelector('[aria-label="Seasonal highlights"]')!.getBoundingClientRect();
    const slides = [...document.querySelectorAll('[aria-label="Seasonal highlights"] [aria-roledescription="slide"]')];
    const index = slides.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - root.left) < 1);
    return index === -1 ? undefined : index + 1;
  });
}

/** The New Arrivals cards wholly inside the carousel's viewport, by number, left to right. */
async function wholeArrivals(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const region = document.querySelector('[aria-labelledby="new-arrivals-title"][aria-roledescription="carousel"]')!;
    const viewport = region
      .querySelector('[aria-roledescription="slide"]')!
      .parentElement!.parentElement!.getBoundingClientRect();
    return [...region.querySelectorAll('[aria-roledescription="slide"]')]
      .map((slide) => ({
        box: slide.querySelector('article')!.getBoundingClientRect(),
        n: Number(slide.getAttribute('aria-label')!.match(/\d+/)![0]),
      }))
      .filter(({ box }) => box.left >= viewport.left - 1 && box.right <= viewport.right + 1)
      .sort((a, b) => a.box.left - b.box.left)
      .map(({ n }) => n);
  });
}

describe('banner autoplay', () => {
  it('advances every interval, the highlighted dot follows, a dot click moves to its slide, in about 500 ms', async () => {
    const { page, problems, close } = await openHome();
    await moveMouseAway(page);
    expect(await currentDot(page)).toBe('Slide 01');
    expect(await slideInView(page)).toBe(1);
    expect(await autoplayState(page)).toBe('playing');

    const started = Date.now();
    await expect.poll(() => currentDot(page), { timeout: BANNER_AUTOPLAY_INTERVAL + 4000 }).toBe('Slide 02');
    expect(Date.now() - started).toBeGreaterThan(BANNER_AUTOPLAY_INTERVAL - 1500);
    await expect.poll(() => slideInView(page), { timeout: 3000 }).toBe(2);

    // A dot moves to its slide; time the move by the slide's position.
    const moved = await page.evaluate(async () => {
      const root = document.querySelector('[aria-label="Seasonal highlights"]')!;
      const target = root.querySelectorAll('[aria-roledescription="slide"]')[3]!;
      const dot = [...root.querySelectorAll('button')].find((button) => button.textContent === 'Slide 04')!;
      const distance = () => Math.abs(target.getBoundingClientRect().left - root.getBoundingClientRect().left);
      const start = distance();
      dot.click();
      const t0 = performance.now();
      while (distance() > start * 0.01 && performance.now() - t0 < 3000) await new Promise(requestAnimationFrame);
      return performance.now() - t0;
    });
    expect(moved).toBeGreaterThan(250);
    expect(moved).toBeLessThan(1000);
    expect(await currentDot(page)).toBe('Slide 04');
    await expect.poll(() => slideInView(page)).toBe(4);
    expect(problems).toEqual([]);
    await close();
  });

  it('pauses while hovered and resumes after; the pause control stops it until Play', async () => {
    const { page, problems, close } = await openHome();
    const box = (await banner(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    expect(await autoplayState(page)).toBe('hovered');
    await page.waitForTimeout(BANNER_AUTOPLAY_INTERVAL + 800);
    expect(await currentDot(page)).toBe('Slide 01');

    await moveMouseAway(page);
    expect(await autoplayState(page)).toBe('playing');
    await expect.poll(() => currentDot(page), { timeout: BANNER_AUTOPLAY_INTERVAL + 4000 }).toBe('Slide 02');

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await moveMouseAway(page);
    expect(await autoplayState(page)).toBe('paused');
    const playButton = page.getByRole('button', { name: 'Play slideshow' });
    expect(await playButton.isVisible()).toBe(true);
    await page.waitForTimeout(BANNER_AUTOPLAY_INTERVAL + 800);
    expect(await currentDot(page)).toBe('Slide 02');

    await playButton.click();
    await moveMouseAway(page);
    expect(await autoplayState(page)).toBe('playing');
    await expect.poll(() => currentDot(page), { timeout: BANNER_AUTOPLAY_INTERVAL + 4000 }).toBe('Slide 03');
    expect(problems).toEqual([]);
    await close();
  });

  it('pauses while keyboard focus is inside, but not on its own pause control', async () => {
    const { page, close } = await openHome();
    await moveMouseAway(page);
    const pause = page.getByRole('button', { name: 'Pause slideshow' });
    await pause.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Pause slideshow');
    expect(await autoplayState(page)).toBe('playing');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Slide 01');
    expect(await autoplayState(page)).toBe('focused');
    await page.keyboard.press('Enter');
    expect(await autoplayState(page)).toBe('focused');
    // Focus leaves the banner: autoplay resumes.
    await page
      .getByRole('link', { name: /View all/ })
      .first()
      .focus();
    expect(await autoplayState(page)).toBe('playing');
    await close();
  });

  it('does not start on its own under reduced motion, and New Arrivals still lines up after resizes', async () => {
    const { page, problems, close } = await openHome({ reducedMotion: 'reduce' });
    await moveMouseAway(page);
    expect(await autoplayState(page)).toBe('paused');
    expect(await page.getByRole('button', { name: 'Play slideshow' }).isVisible()).toBe(true);
    await page.waitForTimeout(BANNER_AUTOPLAY_INTERVAL + 800);
    expect(await currentDot(page)).toBe('Slide 01');
    // The visitor may still start it.
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await moveMouseAway(page);
    await expect.poll(() => currentDot(page), { timeout: BANNER_AUTOPLAY_INTERVAL + 4000 }).toBe('Slide 02');

    // Re-measuring after a resize must not shift the cards (the reduced-motion reset once did).
    for (const width of [1200, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => wholeArrivals(page)).toEqual([1, 2, 3, 4]);
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe('New Arrivals', () => {
  const { above1024, atMost1024, atMost768, atMost640 } = NEW_ARRIVALS_LAYOUT;
  const total = newArrivals.products.length;
  const cases = [
    [1280, above1024],
    [1024, atMost1024],
    [768, atMost768],
    [375, atMost640],
  ] as const;

  it('shows 4/4/2/1 whole cards at 1280/1024/768/375 and steps by 4/3/1/1, wrapping both ways', async () => {
    const { page, problems, close } = await openHome({ width: 1280 });
    const next = page.getByRole('button', { name: 'Next new arrivals' });
    const prev = page.getByRole('button', { name: 'Previous new arrivals' });
    const first = async () => (await wholeArrivals(page))[0]!;
    const wrap = (n: number) => ((n - 1 + total) % total) + 1;

    for (const [width, { shown, scrolled }] of cases) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await wholeArrivals(page)).length, { message: `${width}px` }).toBe(shown);
      const visible = await wholeArrivals(page);
      expect(visible, `${width}px: consecutive cards`).toEqual(visible.map((_, i) => wrap(visible[0]! + i)));

      const before = await first();
      await next.click();
      await expect.poll(first, { message: `${width}px next` }).toBe(wrap(before + scrolled));
      await expect.poll(async () => (await wholeArrivals(page)).length).toBe(shown);
      await prev.click();
      await expect.poll(first, { message: `${width}px prev` }).toBe(before);
    }

    // Above 1024px: past the last group to the first, and back from the first to the last.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await wholeArrivals(page)).length).toBe(4);
    for (let step = 0; step < 3 && (await first()) !== total - 3; step++) {
      await next.click();
      await page.waitForTimeout(700);
    }
    expect(await wholeArrivals(page)).toEqual([9, 10, 11, 12]);
    await next.click();
    await expect.poll(() => wholeArrivals(page)).toEqual([1, 2, 3, 4]);
    await prev.click();
    await expect.poll(() => wholeArrivals(page)).toEqual([9, 10, 11, 12]);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('New Arrivals from the keyboard', () => {
  it.each([375, 1280])(
    "at %ipx a card's focus ring shows whole, over its image and within the carousel (WCAG 2.4.7)",
    async (width) => {
      const { page, problems, close } = await openHome({ width, reducedMotion: 'reduce' });
      const link = page.locator('[aria-labelledby="new-arrivals-title"] [aria-roledescription="slide"] a').first();
      await link.focus();
      // The card as painted: each of its edges is the focus colour, over the image as beside the text (the
      // carousel's frame clips anything drawn outside the card; an outline inside it can lie under the image).
      const card = PNG.sync.read(await link.locator('xpath=ancestor::article').screenshot());
      const pixel = (x: number, y: number) => [
        ...card.data.subarray((y * card.width + x) * 4, (y * card.width + x) * 4 + 3),
      ];
      const middle = card.width >> 1;
      const edges = {
        top: pixel(middle, 1),
        left: pixel(1, card.height >> 2),
        right: pixel(card.width - 2, card.height >> 2),
        bottom: pixel(middle, card.height - 2),
      };
      const focus = tokens.color.focus.match(/\w\w/g)!.map((hex) => parseInt(hex, 16));
      for (const [edge, colour] of Object.entries(edges)) {
        expect(
          colour.every((value, channel) => Math.abs(value - focus[channel]!) <= 16),
          `${edge}: ${colour}`,
        ).toBe(true);
      }
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('the whole page', () => {
  it.each([375, 1280])('has no layout shift, no console problem and no axe violation at %ipx', async (width) => {
    const { page, problems, close } = await openPage(browser, { width });
    await recordLayoutShifts(page);
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await layoutShifts(page)).toEqual([]);
    expect(await layoutShiftTotal(page)).toBe(0);
    // The largest paint is in the first banner slide: its image, or on wide screens its headline (Chrome does
    // not count an image as large as the desktop banner drawn in so few bytes of SVG).
    const lcp = await page.evaluate(
      () =>
        new Promise<string | undefined>((resolve) =>
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as unknown as Array<{ element: Element | null }>;
            resolve(
              entries.at(-1)!.element?.closest('[aria-roledescription="slide"]')?.getAttribute('aria-label') ??
                undefined,
            );
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    expect(lcp).toBe('1 of 4');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it.each([320, 375])('fits the social offer in its panel at %ipx: nothing wider, nothing cut off', async (width) => {
    // Its column used to be as wide as the button's unbroken label: at 375px the image and the padding were
    // cut off on the right, at 320px the text too (WCAG's reflow width).
    const { page, close } = await openHome({ width, javaScriptEnabled: false });
    const panel = page.getByRole('region', { name: 'Tag #Storefront, take 10% off' });
    const overflow = await panel.evaluate((section) => {
      const edge = section.getBoundingClientRect().right;
      const sticking = [...section.querySelectorAll('img, p, h2, a')]
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .map((element) => element.tagName);
      return { scroll: section.scrollWidth - section.clientWidth, sticking };
    });
    expect(overflow).toEqual({ scroll: 0, sticking: [] });
    await close();
  });

  it('with JavaScript off shows every section, and the banner slides scroll natively', async () => {
    const { page, close } = await openHome({ width: 375, javaScriptEnabled: false });
    expect(await page.locator('h1').count()).toBe(1);
    for (const name of [
      'The autumn edit',
      'New Arrivals',
      'Our Bestsellers',
      'Special Offers',
      'Tag #Storefront, take 10% off',
    ]) {
      const heading = page.getByRole('heading', { name, exact: true });
      await heading.scrollIntoViewIfNeeded();
      expect(await heading.isVisible(), name).toBe(true);
    }
    for (const text of ['Two years warranty', 'Free shipping', 'Return policy in 30 days']) {
      expect(await page.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    for (const name of ['Shop women', 'Shop men', 'Shop footwear']) {
      expect(await page.getByRole('link', { name: new RegExp(`^${name}`) }).isVisible(), name).toBe(true);
    }
    // Controls that need JavaScript are hidden; the slides can be scrolled to instead.
    expect(await page.getByRole('button', { name: 'Pause slideshow' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Next new arrivals' }).isVisible()).toBe(false);
    const viewport = banner(page).locator('[aria-roledescription="slide"]').first().locator('xpath=../..');
    await viewport.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const lastTitle = page.getByRole('heading', { name: bannerSlides[3]!.title });
    await expect.poll(() => isWithinViewportWidth(lastTitle)).toBe(true);
    await close();
  });
});

describe('the banner while its HTML arrives', () => {
  it.each([1280, 768])(
    'keeps its controls where they end up at %ipx when a paint comes after them and before the slides',
    async (width) => {
      // A document that stalls right after the banner's first dot: the browser paints what it has, the
      // controls without the slides after them. They must already stand where the slides will put them.
      const page = await (await fetch(`${server.origin}/`, { headers: { 'accept-encoding': 'identity' } })).text();
      const cut = page.indexOf('</button>', page.indexOf('aria-label="Choose a banner slide"')) + '</button>'.length;
      const upstream = await fetch(`${server.origin}/`, { headers: { 'accept-encoding': 'identity' } });
      const slow = createServer(async (req, res) => {
        if (req.url !== '/') {
          const answer = await fetch(`${server.origin}${req.url}`, { headers: { 'accept-encoding': 'identity' } });
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
          res.end(Buffer.from(await answer.arrayBuffer()));
          return;
        }
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': upstream.headers.get('content-security-policy')!,
        });
        res.write(page.slice(0, cut));
        setTimeout(() => res.end(page.slice(cut)), 600);
      });
      slow.listen(0, '127.0.0.1');
      await once(slow, 'listening');
      const { page: tab, problems, close } = await openPage(browser, { width });
      try {
        await recordLayoutShifts(tab);
        await tab.goto(`http://127.0.0.1:${(slow.address() as { port: number }).port}/`);
        await waitForHydration(tab);
        await tab.waitForTimeout(300);
        expect(await layoutShifts(tab)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await close();
        slow.closeAllConnections();
        slow.close();
      }
    },
  );
});
