import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adverts,
  bannerSlides,
  benefits,
  bestsellers,
  homeHeading,
  newArrivals,
  socialOffer,
  specialOffers,
} from '../../fixtures/home.ts';
import { site } from '../../fixtures/site.ts';
import { count, h1Text, visibleText } from '../support/html.ts';
import { fetchPage, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let html: string;
let main: string;
beforeAll(async () => {
  server = await startServer();
  const response = await fetchPage(server.origin, '/');
  expect(response.status).toBe(200);
  html = response.html;
  main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';
});
afterAll(() => server.close());

/** The HTML of the element whose aria-label or aria-labelledby heading names it, up to the next section. */
function section(id: string): string {
  const start = main.indexOf(`aria-labelledby="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  return main.slice(start, main.indexOf('</section>', start));
}

describe('the home page in the server HTML', () => {
  it('has one h1, its own, and the title "Home | Storefront"', () => {
    expect(count(html, /<h1[\s>]/)).toBe(1);
    expect(h1Text(html)).toBe(homeHeading);
    expect(html).toContain(`<title>Home | ${site.brand}</title>`);
  });

  it('holds every banner slide, the first one first, with numbered dots 01 to 04', () => {
    const text = visibleText(main);
    for (const slide of bannerSlides) {
      expect(text).toContain(`${slide.eyebrow} ${slide.title} ${slide.text} ${slide.cta.label}`);
    }
    expect(text.indexOf(bannerSlides[0]!.title)).toBeLessThan(text.indexOf(bannerSlides[1]!.title));
    expect(main).toContain('aria-roledescription="carousel"');
    expect(main).toMatch(/aria-label="Seasonal highlights"/);
    for (const n of [1, 2, 3, 4])
      expect(main).toMatch(new RegExp(`aria-roledescription="slide" aria-label="${n} of 4"`));
    const dots = main.match(/<div role="group" aria-label="Choose a banner slide"[\s\S]*?<\/div>/)?.[0] ?? '';
    expect(count(dots, /<button/)).toBe(4);
    expect(visibleText(dots)).toBe('Slide 01 Slide 02 Slide 03 Slide 04');
    // The first dot is current before any JavaScript runs.
    expect(dots).toMatch(/<button[^>]*aria-current="true"[^>]*>[\s\S]*?01<\/button>/);
    expect(main).toMatch(/aria-label="Pause slideshow"/);
  });

  it('loads the first banner image eagerly at high priority, and only that one', () => {
    const images = main.match(/<img[^>]*>/g) ?? [];
    const first = images[0] ?? '';
    expect(first).toContain(`src="${bannerSlides[0]!.image.src}"`);
    expect(first).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    expect(first).toContain('loading="eager"');
    expect(count(main, /fetchpriority="high"/i)).toBe(1);
  });

  it('lazy-loads every image below the fold and gives every image its width and height', () => {
    const images = main.match(/<img[^>]*>/g) ?? [];
    const belowTheFold = images.filter((image) => !image.includes('/images/home/banner-'));
    expect(belowTheFold.length).toBe(
      adverts.length + newArrivals.products.length + bestsellers.products.length + 1 + specialOffers.products.length,
    );
    for (const image of belowTheFold) expect(image).toContain('loading="lazy"');
    for (const image of images) expect(image).toMatch(/width="\d+"[^>]*height="\d+"/);
  });

  it('has the benefits strip: warranty, shipping and returns', () => {
    const text = visibleText(section('benefits-title'));
    expect(text).toContain('Two years warranty');
    expect(text).toContain('Free shipping');
    expect(text).toContain('Return policy in 30 days');
    for (const benefit of benefits) expect(text).toContain(benefit.text);
    expect(count(section('benefits-title'), /<svg/)).toBe(3);
  });

  it('has three advert images, each linking to the shop', () => {
    const html = section('adverts-title');
    expect(count(html, /<img/)).toBe(3);
    for (const advert of adverts) {
      expect(visibleText(html)).toContain(`${advert.eyebrow} ${advert.title} ${advert.cta}`);
      expect(html).toContain(`alt="${advert.image.alt}"`);
    }
    expect(count(html, /<a [^>]*href="\/products"/)).toBe(3);
  });

  it.each([
    ['new-arrivals-title', newArrivals],
    ['bestsellers-title', bestsellers],
    ['special-offers-title', specialOffers],
  ])('%s: heading and product cards (image, badge, brand, title, $44.00, link to /productDetails)', (id, data) => {
    const html = section(id);
    const text = visibleText(html);
    expect(html).toMatch(new RegExp(`<h2 id="${id}"[^>]*>${data.title}</h2>`));
    expect(count(html, /<article/)).toBe(data.products.length);
    expect(count(html, /href="\/productDetails"/)).toBe(data.products.length);
    expect(count(text, /\$44\.00/)).toBe(data.products.length);
    for (const product of data.products) {
      if (product.badge) expect(text).toContain(product.badge);
      if (product.brand) expect(text).toContain(`${product.brand} Product`);
    }
  });

  it('lays New Arrivals out as a carousel with previous and next buttons', () => {
    expect(main).toMatch(/<section [^>]*aria-roledescription="carousel" aria-labelledby="new-arrivals-title"/);
    const html = section('new-arrivals-title');
    expect(count(html, /aria-roledescription="slide"/)).toBe(newArrivals.products.length);
    expect(html).toMatch(/aria-label="Previous new arrivals"/);
    expect(html).toMatch(/aria-label="Next new arrivals"/);
  });

  it('has the social offer image and its pitch', () => {
    const html = section('social-offer-title');
    expect(visibleText(html)).toContain(
      `${socialOffer.eyebrow} ${socialOffer.title} ${socialOffer.text} ${socialOffer.cta.label}`,
    );
    expect(html).toContain(`alt="${socialOffer.image.alt}"`);
  });

  it('keeps section order: banner, benefits, adverts, New Arrivals, Our Bestsellers, social offer, Special Offers', () => {
    const order = [
      'Seasonal highlights',
      'benefits-title',
      'adverts-title',
      'new-arrivals-title',
      'bestsellers-title',
      'social-offer-title',
      'special-offers-title',
    ];
    const positions = order.map((marker) => main.indexOf(marker));
    expect(positions.every((position) => position > -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('has no inline style attribute (the CSP allows none)', () => {
    expect(html).not.toMatch(/<[^>]+\sstyle="/);
  });

  it('every image and every link it points at exists', async () => {
    const targets = new Set([
      ...[...main.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]!),
      ...[...main.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((match) => match[1]!),
    ]);
    for (const target of targets) expect((await fetchPage(server.origin, target)).status, target).toBe(200);
  });
});
