import { describe, expect, it } from 'vitest';
import { brands, PRODUCT_COUNT } from '../../fixtures/products.ts';
import { filterGroups, pageSizes, priceRanges, sortOptions } from '../../fixtures/shop.ts';
import { categories, site } from '../../fixtures/site.ts';
import { count, visibleText } from '../support/html.ts';
import { fetchPage } from '../support/server.ts';
import { server, useServer } from '../support/setup.ts';

useServer();

const get = (path: string) => fetchPage(server.origin, path);

/** The attributes of every <tag ...> in the HTML, whatever their order, with &amp; decoded. */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...match[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [
        key!.toLowerCase(),
        (value ?? '').replaceAll('&amp;', '&'),
      ]),
    ),
  );
const cards = (html: string) => count(html, /<article\b/);
const counter = (html: string) => visibleText(html.match(/<p role="status"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? '');
/** The canonical link's path: it is absolute, on the origin the page was served from. */
const canonical = (html: string) => {
  const href = tags(html, 'link').find((link) => link.rel === 'canonical')?.href;
  return href?.startsWith(server.origin) ? href.slice(server.origin.length) : href;
};
const pagination = (html: string) => html.match(/<nav aria-label="Pagination"[\s\S]*?<\/nav>/)?.[0] ?? '';
const currentPage = (html: string) => pagination(html).match(/<a[^>]*aria-current="page"[^>]*>(\d+)<\/a>/)?.[1];
const links = (html: string) => tags(pagination(html), 'a');
const selected = (html: string, id: string) =>
  html
    .match(new RegExp(`<select[^>]*id="${id}"[\\s\\S]*?</select>`))?.[0]
    .match(/<option[^>]*selected=""[^>]*>([^<]*)</)?.[1];

/** The canonical path of a state, as the shop writes it: defaults left out, page before limit. */
const pathOf = (page: number, size: number) => {
  const query = new URLSearchParams();
  if (page !== 1) query.set('page', String(page));
  if (size !== 12) query.set('limit', String(size));
  return `/products${query.size ? `?${query}` : ''}`;
};

describe('the first page, as the server sends it', () => {
  it('shows 12 products and "Products from 1 to 12 of 140"', async () => {
    const { status, html } = await get('/products');
    expect(status).toBe(200);
    expect(counter(html)).toBe('Products from 1 to 12 of 140');
    expect(cards(html)).toBe(12);
    expect(canonical(html)).toBe('/products');
    expect(html).toContain(`<title>Products | ${site.brand}</title>`);
  });

  it('shows the shared product cards: image, New and -10% badges, brand names, title and $44.00', async () => {
    const { html } = await get('/products');
    const grid = visibleText(html.match(/<ul[^>]*>\s*<li[^>]*><article[\s\S]*?<\/ul>/)?.[0] ?? '');
    expect(grid).toMatch(/^New Product \$44\.00 Atelier Nine Product \$44\.00 Product \$44\.00 -10% Product \$44\.00/);
    const images = tags(html, 'img').filter((image) => image.src?.startsWith('/images/products/'));
    expect(images).toHaveLength(12);
    for (const image of images) expect([image.width, image.height, Boolean(image.alt)]).toEqual(['480', '600', true]);
    expect(count(html, /href="\/productDetails"/)).toBeGreaterThanOrEqual(12);
    // The first row loads at once, the first image first; the rest wait until they near the viewport.
    expect(images.map((image) => image.loading)).toEqual([...Array(3).fill('eager'), ...Array(9).fill('lazy')]);
    expect(images.map((image) => image.fetchpriority)).toEqual(['high', ...Array(11).fill(undefined)]);
  });

  it('has the filter sidebar: the six categories, and Color, Brand and Price groups', async () => {
    const { html } = await get('/products');
    const sidebar = html.match(/<aside[\s\S]*?<\/aside>/)?.[0] ?? '';
    const text = visibleText(sidebar);
    expect(text).toContain(`Category ${categories.join(' ')}`);
    expect(text).toContain('Accesories Furniture Electronics Clothes Bags Home appliances');
    expect(text).toContain(`Brand ${brands.join(' ')}`);
    expect(text).toContain('Price $0.00-$9.99 $10.00-$19.99 $20.00-$29.99 $30.00-$39.99 $40.00-$69.99');
    expect(priceRanges).toEqual(['$0.00-$9.99', '$10.00-$19.99', '$20.00-$29.99', '$30.00-$39.99', '$40.00-$69.99']);
    for (const heading of ['Color', 'Brand', 'Price'])
      expect(sidebar).toMatch(new RegExp(`<details[^>]*><summary[^>]*><span[^>]*>${heading}</span>`));
    // The sidebar folds behind a 'Filters' toggle on small screens: a <details> as well.
    expect(sidebar).toMatch(/<details[^>]*><summary[^>]*><span[^>]*>Filters<\/span>/);
    const options = 6 + filterGroups.reduce((sum, group) => sum + group.options.length, 0);
    expect(count(sidebar, /<input type="checkbox"/)).toBe(options);
    // Inert, and in no form: ticking a filter can never send a request.
    expect(sidebar).not.toContain('<form');
  });

  it('has the sort and page-size selects in a GET form with a visible Apply button', async () => {
    const { html } = await get('/products');
    const form = html.match(/<form[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(tags(form, 'form')[0]).toMatchObject({ method: 'get', action: '/products#product-list' });
    expect(form).toMatch(/<label for="listing-sort"[^>]*>Sort by<\/label>/);
    expect(tags(form, 'select')).toEqual([
      expect.objectContaining({ id: 'listing-sort', name: 'sort' }),
      expect.objectContaining({ id: 'listing-size', name: 'limit' }),
    ]);
    expect(form).toMatch(/<label for="listing-size"[^>]*>Show<\/label>/);
    const sortText = form.match(/<select id="listing-sort"[\s\S]*?<\/select>/)?.[0] ?? '';
    expect(visibleText(sortText)).toBe('Featured U.S.A U.K Bangladesh India');
    const sizeText = form.match(/<select id="listing-size"[\s\S]*?<\/select>/)?.[0] ?? '';
    expect(visibleText(sizeText)).toBe('12 24 36 48');
    expect(selected(html, 'listing-sort')).toBe('Featured');
    expect(selected(html, 'listing-size')).toBe('12');
    expect(form).toMatch(/<button type="submit"[^>]*>Apply<\/button>/);
    expect(form).not.toMatch(/<button[^>]*hidden/);
  });

  it('has the pagination: Previous (disabled), 1 to 4, a gap, 12 and Next, as real links', async () => {
    const { html } = await get('/products');
    const nav = pagination(html);
    expect(visibleText(nav)).toBe('Previous page 1 2 3 4 … 12 Next page');
    expect(nav).toMatch(/<a role="link" aria-disabled="true"[^>]*>.*?Previous/);
    expect(currentPage(html)).toBe('1');
    expect(links(html)).toEqual([
      expect.objectContaining({ role: 'link', 'aria-disabled': 'true' }),
      expect.objectContaining({ href: '/products#product-list', 'aria-label': 'Page 1', 'aria-current': 'page' }),
      expect.objectContaining({ href: '/products?page=2#product-list', 'aria-label': 'Page 2' }),
      expect.objectContaining({ href: '/products?page=3#product-list', 'aria-label': 'Page 3' }),
      expect.objectContaining({ href: '/products?page=4#product-list', 'aria-label': 'Page 4' }),
      expect.objectContaining({ href: '/products?page=12#product-list', 'aria-label': 'Page 12' }),
      expect.objectContaining({ href: '/products?page=2#product-list', rel: 'next' }),
    ]);
    expect(links(html)[0]).not.toHaveProperty('href');
  });
});

describe('every page size: the first, second and last page', () => {
  const cases = pageSizes.flatMap((size) => {
    const last = Math.ceil(PRODUCT_COUNT / size);
    return [1, 2, last].map((page) => {
      const from = (page - 1) * size + 1;
      const to = Math.min(PRODUCT_COUNT, page * size);
      return { size, page, last, from, to, path: pathOf(page, size) };
    });
  });

  it.each(cases)(
    '$path shows products $from to $to ($size per page, page $page of $last)',
    async ({ size, page, last, from, to, path }) => {
      const { status, html } = await get(path);
      expect(status).toBe(200);
      expect(counter(html)).toBe(`Products from ${from} to ${to} of ${PRODUCT_COUNT}`);
      expect(cards(html)).toBe(to - from + 1);
      expect(currentPage(html)).toBe(String(page));
      expect(selected(html, 'listing-size')).toBe(String(size));
      expect(canonical(html)).toBe(path);
      if (page === last) {
        expect(to).toBe(PRODUCT_COUNT);
        expect(pagination(html)).toMatch(/<a role="link" aria-disabled="true"[^>]*>.*?Next/);
      }
      if (page > 1) expect(html).toContain(`<title>Products, page ${page} of ${last} | ${site.brand}</title>`);
    },
  );

  it('pages 2 of 12 and 6 of 12 show the window around them, with the first and last pages', async () => {
    expect(visibleText(pagination((await get('/products?page=6')).html))).toBe(
      'Previous page 1 … 5 6 7 8 … 12 Next page',
    );
    expect(visibleText(pagination((await get('/products?page=12')).html))).toBe(
      'Previous page 1 … 9 10 11 12 Next page',
    );
    expect(visibleText(pagination((await get('/products?limit=48')).html))).toBe('Previous page 1 2 3 Next page');
  });

  it('the page links keep the page size and sort', async () => {
    const { html } = await get('/products?page=2&limit=24&sort=uk');
    const hrefs = links(html).map((link) => link.href);
    expect(hrefs).toContain('/products?page=3&limit=24&sort=uk#product-list');
    expect(hrefs).toContain('/products?limit=24&sort=uk#product-list');
  });
});

describe('the sort (a demo)', () => {
  it.each(sortOptions.map((option) => option.value).filter((value) => value !== 'featured'))(
    '?sort=%s is kept and selected; the canonical page is the unsorted one',
    async (sort) => {
      const { status, html } = await get(`/products?sort=${sort}`);
      expect(status).toBe(200);
      expect(selected(html, 'listing-sort')).toBe(sortOptions.find((option) => option.value === sort)?.label);
      expect(canonical(html)).toBe('/products');
      expect(counter(html)).toBe('Products from 1 to 12 of 140');
    },
  );
});

describe('bad parameters never break the page', () => {
  it.each([
    ['?page=0', '/products'],
    ['?page=1', '/products'],
    ['?page=-3', '/products'],
    ['?page=abc', '/products'],
    ['?page=', '/products'],
    ['?page=2.7', '/products?page=2'],
    ['?page=02', '/products?page=2'],
    ['?page=13', '/products?page=12'],
    ['?page=99999999999999999999999', '/products?page=12'],
    ['?page=9&limit=24', '/products?page=6&limit=24'],
    ['?limit=12', '/products'],
    ['?limit=13', '/products'],
    ['?limit=30&page=2', '/products?page=2&limit=24'],
    ['?limit=1000', '/products?limit=48'],
    ['?limit=all', '/products'],
    ['?sort=featured', '/products'],
    ['?sort=price-asc', '/products'],
    ['?page=2&page=5', '/products?page=2'],
    ['?limit=24&limit=36', '/products?limit=24'],
    ['?sort=featured&limit=24', '/products?limit=24'],
    ['?page=0&utm_source=mail', '/products?utm_source=mail'],
  ])('%s redirects to the nearest valid state, %s', async (query, location) => {
    const { status, headers } = await get(`/products${query}`);
    expect(status).toBe(302);
    expect(headers.get('location')).toBe(location);
    const landed = await get(location);
    expect(landed.status).toBe(200);
  });

  it.each(
    [
      '?page=%',
      '?page=%E0%A4%A',
      '?page[]=2',
      '?limit=-1&page=-1',
      '?page=Infinity',
      '?page=NaN',
      '?sort=%3Cscript%3E',
      '?%=%',
      '?page=1e400',
      `?page=${'9'.repeat(1000)}`,
    ].map((query) => [query.slice(0, 40), query]),
  )('%s answers without a server error', async (_name, query) => {
    const response = await fetch(`${server.origin}/products${query}`);
    expect(response.status).toBe(200);
    expect(counter(await response.text())).toMatch(/^Products from \d+ to \d+ of 140$/);
  });

  it('a URL past the server-wide length limit gets 414, not a 500', async () => {
    const response = await fetch(`${server.origin}/products?page=${'9'.repeat(5000)}`);
    expect(response.status).toBe(414);
  });

  it('other parameters are left alone, and the canonical link leaves them out', async () => {
    const { status, html } = await get('/products?page=3&utm_source=mail');
    expect(status).toBe(200);
    expect(counter(html)).toBe('Products from 25 to 36 of 140');
    expect(canonical(html)).toBe('/products?page=3');
  });
});
