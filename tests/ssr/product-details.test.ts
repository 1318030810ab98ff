import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetails } from '../../fixtures/product.ts';
import { site } from '../../fixtures/site.ts';
import { count, h1Text, visibleText } from '../support/html.ts';
import { fetchPage, startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let html: string;
let main: string;
let text: string;
beforeAll(async () => {
  server = await startServer();
  const response = await fetchPage(server.origin, '/productDetails');
  expect(response.status).toBe(200);
  html = response.html;
  main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';
  text = visibleText(main);
});
afterAll(() => server.close());

/** The opening tag of the first element matching `pattern` (a regular expression source for its attributes). */
const tag = (pattern: string) => main.match(new RegExp(`<[a-z]+[^>]*${pattern}[^>]*>`))?.[0];

describe('the product details page in the server HTML', () => {
  it('has the one h1 "Product Details", the breadcrumb and its own title', () => {
    expect(count(html, /<h1[\s>]/)).toBe(1);
    expect(h1Text(html)).toBe('Product Details');
    expect(html).toContain(`<title>Product Details | ${site.brand}</title>`);
  });

  it('shows four product images with their sizes, the first one eager at high priority', () => {
    const gallery = main.match(/<section[^>]*aria-roledescription="carousel"[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(gallery).toMatch(/aria-label="Product images"/);
    const images = gallery.match(/<img[^>]*>/g) ?? [];
    expect(images).toHaveLength(4);
    for (const image of images) {
      expect(image).toMatch(/src="\/images\/product\/[a-z]+\.svg"/);
      expect(image).toMatch(/ alt="[^"]+"/);
      expect(image).toMatch(/width="\d+"/);
      expect(image).toMatch(/height="\d+"/);
      expect(image).not.toContain('loading="lazy"');
    }
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images.slice(1).join('')).not.toContain('fetchPriority="high"');
    expect(count(gallery, /aria-roledescription="slide"/)).toBe(4);
    // The carousel's controls arrive with its code, below 1024px only; their row is kept free meanwhile.
    expect(gallery).not.toMatch(/aria-label="Pause image slideshow"/);
  });

  it('heads the buying panel Product, with five stars read as one image, "1 Review" and the two prices', () => {
    expect(main).toMatch(/<h2[^>]*>Product<\/h2>/);
    expect(tag('role="img" aria-label="Rated 5 out of 5"')).toBeDefined();
    expect(text).toContain('1 Review');
    const struck = main.match(/<s[\s>][\s\S]*?<\/s>/)?.[0] ?? '';
    expect(visibleText(struck)).toBe('Old price: $88.00');
    expect(text).toMatch(/Old price: \$88\.00 Current price: \$44\.00/);
  });

  it('offers five named colour swatches as one radio group, sizes S M L XL and quantity 1', () => {
    const fieldset = main.match(/<fieldset[\s\S]*?<\/fieldset>/)?.[0] ?? '';
    expect(visibleText(fieldset.match(/<legend[\s\S]*?<\/legend>/)?.[0] ?? '')).toBe('Colour');
    const radios = fieldset.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(5);
    for (const radio of radios) expect(radio).toContain('name="colour"');
    expect(radios.filter((radio) => radio.includes('checked'))).toHaveLength(1);
    expect(visibleText(fieldset)).toContain(productDetails.colours.map((colour) => colour.name).join(' '));

    expect(main).toMatch(/<label[^>]*for="product-size"[^>]*>Size<\/label>/);
    const select = main.match(/<select[^>]*id="product-size"[\s\S]*?<\/select>/)?.[0] ?? '';
    expect((select.match(/<option[^>]*>([^<]*)<\/option>/g) ?? []).map(visibleText)).toEqual(['S', 'M', 'L', 'XL']);

    expect(main).toMatch(/<label[^>]*for="product-quantity"[^>]*>Quantity<\/label>/);
    expect(tag('id="product-quantity"')).toMatch(/value="1"/);
    expect(main).toMatch(/aria-label="Decrease quantity"/);
    expect(main).toMatch(/aria-label="Increase quantity"/);
  });

  it('states In Stock and offers Add to Wish List and Add to Cart, which submit nothing', () => {
    expect(text).toContain('In Stock');
    for (const name of ['Add to Wish List', 'Add to Cart']) {
      expect(main).toMatch(new RegExp(`<button type="button"[^>]*>[\\s\\S]*?${name}</button>`));
    }
  });

  it('has the two expandable sections, closed, with every heading of the spec', () => {
    const sections = main.match(/<details[\s\S]*?<\/details>/g) ?? [];
    expect(sections).toHaveLength(2);
    for (const section of sections) expect(section).not.toMatch(/<details[^>]*\sopen/);
    expect(visibleText(sections[0]!)).toMatch(
      /^FEATURES & DETAILS Performance Details .+ Warranty & Support .+ Environmental or Sustainability Info .+$/,
    );
    expect(visibleText(sections[1]!)).toMatch(
      /^SHIPPING & RETURNS Shipping Methods .+ Estimated Delivery Time .+ Shipping Cost .+ Return Policy .+ Refund Information .+ Exchange Policy .+$/,
    );
  });

  it('renders both tab panels, with the titles as links to them and Reviews (1) the default, so all is readable before JavaScript', () => {
    expect(text).toMatch(/Description Reviews \(1\)/);
    expect(main).toMatch(/<div id="product-info"[^>]*data-static="true"/);
    expect(main).toMatch(/<a[^>]*href="#product-info-reviews"[^>]*data-selected="true"[^>]*>Reviews \(1\)<\/a>/);
    expect(main).toMatch(/<a[^>]*href="#product-info-description"[^>]*>Description<\/a>/);
    const description = main.match(/<section[^>]*id="product-info-description"[\s\S]*?<\/section>/)?.[0] ?? '';
    const reviews = main.match(/<section[^>]*id="product-info-reviews"[\s\S]*?<\/form>/)?.[0] ?? '';
    // Neither is hidden in the HTML: CSS shows the default one, or the one a link targets.
    for (const panel of [description, reviews]) expect(panel).not.toMatch(/^<section[^>]*hidden/);
    expect(reviews).toMatch(/^<section[^>]*data-default="true"/);
    expect(description).not.toMatch(/^<section[^>]*data-default/);
    for (const paragraph of productDetails.description.paragraphs)
      expect(visibleText(description)).toContain(paragraph);
    const [review] = productDetails.reviews;
    expect(reviews).toMatch(/<h2[^>]*>1 review for Product<\/h2>/);
    expect(reviews).toMatch(new RegExp(`<h3[^>]*>${review!.author}</h3>`));
    expect(visibleText(reviews)).toContain(review!.text);
    expect(reviews).toMatch(/role="img" aria-label="Rated 5 out of 5"/);
  });

  it('has the Add a Review form: labelled Name, Email (type email) and Review with the spec placeholders, and Post', () => {
    const form = main.match(/<form[\s\S]*?<\/form>/)?.[0] ?? '';
    // It posts to this page (whose action ignores it) and leaves the browser's validation off: the spec has none.
    expect(form).toMatch(/^<form[^>]* method="post"/);
    expect(form).toMatch(/^<form[^>]* noValidate=""/i);
    expect(form).not.toMatch(/^<form[^>]* action=/);
    expect(visibleText(form)).toMatch(/^Add a Review Name Email Review Post$/);
    const field = (placeholder: string) =>
      form.match(new RegExp(`<(input|textarea)[^>]*placeholder="${placeholder}"[^>]*>`))?.[0] ?? '';
    const labelFor = (name: string) => form.match(new RegExp(`<label for="([^"]+)"[^>]*>${name}</label>`))?.[1];
    expect(field('Your name here')).toContain(`id="${labelFor('Name')}"`);
    expect(field('Your email here')).toContain(`id="${labelFor('Email')}"`);
    expect(field('Your email here')).toContain('type="email"');
    expect(field('Your Review here')).toMatch(/^<textarea/);
    expect(field('Your Review here')).toContain(`id="${labelFor('Review')}"`);
    expect(form).toMatch(/<button type="submit"[^>]*>Post<\/button>/);
  });

  it('describes the product as JSON-LD, data the policy need not allow to run', () => {
    // The page's JSON-LD blocks: the shell's BreadcrumbList, then the Product.
    const script = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)].find(
      (match) => match[2]!.includes('"@type":"Product"'),
    );
    expect(script).toBeDefined();
    expect(script![1]).not.toContain('nonce');
    const data = JSON.parse(script![2]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Product',
      offers: { '@type': 'Offer', price: '44.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 },
    });
    expect(data.image).toEqual(productDetails.images.map((image) => server.origin + image.src));
    expect(data.review).toHaveLength(1);
  });
  it('every image the page references exists', async () => {
    for (const image of productDetails.images) {
      const { status, headers } = await fetchPage(server.origin, image.src);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toContain('image/svg+xml');
    }
  });
});

describe('posting the review form without JavaScript', () => {
  it('answers 200 with the same page, not an error', async () => {
    const { status, html: page } = await fetchPage(server.origin, '/productDetails', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Ann', email: 'not-an-email', review: 'Lovely' }).toString(),
    });
    expect(status).toBe(200);
    expect(h1Text(page)).toBe('Product Details');
    expect(visibleText(page)).toContain('1 review for Product');
    // Nothing was posted: no second review, no thanks message.
    expect(visibleText(page)).not.toContain('Lovely');
  });
});
