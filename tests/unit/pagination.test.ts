import { describe, expect, it } from 'vitest';
import {
  canonicalListingQuery,
  isCanonicalListing,
  listingSearch,
  nearest,
  offsetOf,
  pageCount,
  pageItems,
  pageRange,
  pageWindow,
  parseWholeNumber,
  readListing,
  type ListingOptions,
} from '../../app/lib/pagination.ts';
import { PRODUCT_COUNT } from '../../fixtures/products.ts';
import { PAGE_RANGE, pageSizes, shopListing } from '../../fixtures/shop.ts';

const shop: ListingOptions = shopListing;

/** The pagination bar as text: "1 … 5 6 7 8 … 12". */
const bar = (current: number, count: number) =>
  pageItems(current, count, PAGE_RANGE)
    .map((item) => (item.kind === 'page' ? String(item.page) : '…'))
    .join(' ');

describe('page arithmetic', () => {
  it('140 products fill 12, 6, 4 and 3 pages at sizes 12, 24, 36 and 48', () => {
    expect(pageSizes.map((size) => pageCount(PRODUCT_COUNT, size))).toEqual([12, 6, 4, 3]);
  });

  it('an empty list still has one page', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageRange(1, 12, 0)).toEqual({ offset: 0, from: 0, to: 0 });
  });

  it('page index i starts at offset i × page size', () => {
    expect(offsetOf(1, 12)).toBe(0);
    expect(offsetOf(2, 12)).toBe(12);
    expect(offsetOf(6, 24)).toBe(120);
  });

  it.each([
    [1, 12, { offset: 0, from: 1, to: 12 }],
    [2, 12, { offset: 12, from: 13, to: 24 }],
    [12, 12, { offset: 132, from: 133, to: 140 }],
    [1, 24, { offset: 0, from: 1, to: 24 }],
    [6, 24, { offset: 120, from: 121, to: 140 }],
    [4, 36, { offset: 108, from: 109, to: 140 }],
    [3, 48, { offset: 96, from: 97, to: 140 }],
  ])('page %i at size %i shows items from..to', (page, size, range) => {
    expect(pageRange(page, size, PRODUCT_COUNT)).toEqual(range);
  });

  it('every page at every size covers the 140 products once, in order', () => {
    for (const size of pageSizes) {
      const seen: number[] = [];
      for (let page = 1; page <= pageCount(PRODUCT_COUNT, size); page++) {
        const { from, to } = pageRange(page, size, PRODUCT_COUNT);
        for (let position = from; position <= to; position++) seen.push(position);
      }
      expect(seen).toEqual(Array.from({ length: PRODUCT_COUNT }, (_, index) => index + 1));
    }
  });
});

describe('the window of 4 page numbers', () => {
  it('keeps one page before the current one and stays within the pages', () => {
    expect(pageWindow(1, 12, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(2, 12, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 12, 4)).toEqual([2, 3, 4, 5]);
    expect(pageWindow(6, 12, 4)).toEqual([5, 6, 7, 8]);
    expect(pageWindow(11, 12, 4)).toEqual([9, 10, 11, 12]);
    expect(pageWindow(12, 12, 4)).toEqual([9, 10, 11, 12]);
  });

  it('shows every page when there are 4 or fewer', () => {
    expect(pageWindow(1, 4, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 3, 4)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1, 4)).toEqual([1]);
  });

  it('always holds the current page and exactly min(4, pages) numbers', () => {
    for (let count = 1; count <= 15; count++) {
      for (let current = 1; current <= count; current++) {
        const window = pageWindow(current, count, 4);
        expect(window).toContain(current);
        expect(window).toHaveLength(Math.min(4, count));
      }
    }
  });

  it('adds the first and last pages with a gap where pages are hidden', () => {
    expect(bar(1, 12)).toBe('1 2 3 4 … 12');
    expect(bar(2, 12)).toBe('1 2 3 4 … 12');
    expect(bar(3, 12)).toBe('1 2 3 4 5 … 12');
    expect(bar(4, 12)).toBe('1 … 3 4 5 6 … 12');
    expect(bar(6, 12)).toBe('1 … 5 6 7 8 … 12');
    expect(bar(10, 12)).toBe('1 … 9 10 11 12');
    expect(bar(12, 12)).toBe('1 … 9 10 11 12');
    expect(bar(1, 5)).toBe('1 2 3 4 5');
    expect(bar(5, 5)).toBe('1 2 3 4 5');
    expect(bar(2, 3)).toBe('1 2 3');
  });
});

describe('reading URL parameters', () => {
  it('reads whole numbers and nothing else', () => {
    expect(parseWholeNumber(null)).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('  ')).toBeNull();
    expect(parseWholeNumber('abc')).toBeNull();
    expect(parseWholeNumber('2')).toBe(2);
    expect(parseWholeNumber(' 7 ')).toBe(7);
    expect(parseWholeNumber('2.9')).toBe(2);
    expect(parseWholeNumber('-3')).toBe(-3);
    expect(parseWholeNumber('1e3')).toBe(1000);
    expect(parseWholeNumber('9'.repeat(400))).toBe(Infinity);
  });

  it('picks the nearest allowed value, the smaller on a tie', () => {
    expect(nearest(12, pageSizes)).toBe(12);
    expect(nearest(13, pageSizes)).toBe(12);
    expect(nearest(18, pageSizes)).toBe(12);
    expect(nearest(19, pageSizes)).toBe(24);
    expect(nearest(0, pageSizes)).toBe(12);
    expect(nearest(1000, pageSizes)).toBe(48);
    expect(nearest(-Infinity, pageSizes)).toBe(12);
  });

  const read = (query: string) => readListing(new URLSearchParams(query), shop);

  it('defaults to page 1 of 12, featured', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 12, sort: 'featured' });
  });

  it.each([
    ['page=2&limit=24&sort=uk', { page: 2, pageSize: 24, sort: 'uk' }],
    ['page=0', { page: 1, pageSize: 12, sort: 'featured' }],
    ['page=-4', { page: 1, pageSize: 12, sort: 'featured' }],
    ['page=13', { page: 12, pageSize: 12, sort: 'featured' }],
    ['page=99&limit=48', { page: 3, pageSize: 48, sort: 'featured' }],
    ['page=1e9', { page: 12, pageSize: 12, sort: 'featured' }],
    ['page=two', { page: 1, pageSize: 12, sort: 'featured' }],
    ['page=2.5', { page: 2, pageSize: 12, sort: 'featured' }],
    ['limit=13', { page: 1, pageSize: 12, sort: 'featured' }],
    ['limit=30', { page: 1, pageSize: 24, sort: 'featured' }],
    ['limit=0', { page: 1, pageSize: 12, sort: 'featured' }],
    ['limit=all', { page: 1, pageSize: 12, sort: 'featured' }],
    ['limit=1000&page=4', { page: 3, pageSize: 48, sort: 'featured' }],
    ['sort=price', { page: 1, pageSize: 12, sort: 'featured' }],
    ['sort=U.S.A', { page: 1, pageSize: 12, sort: 'featured' }],
    ['page=3&page=5', { page: 3, pageSize: 12, sort: 'featured' }],
    ['limit=24&limit=12&sort=india&sort=uk', { page: 1, pageSize: 24, sort: 'india' }],
  ])('?%s is read as the nearest valid state', (query, state) => {
    expect(read(query)).toEqual(state);
  });

  it('writes each state one way: defaults left out, in a fixed order', () => {
    expect(listingSearch({ page: 1, pageSize: 12, sort: 'featured' }, shop)).toBe('');
    expect(listingSearch({ page: 2, pageSize: 12, sort: 'featured' }, shop)).toBe('?page=2');
    expect(listingSearch({ page: 2, pageSize: 24, sort: 'uk' }, shop)).toBe('?page=2&limit=24&sort=uk');
    expect(listingSearch({ page: 2, pageSize: 24, sort: 'uk' }, shop, ['page', 'pageSize'])).toBe('?page=2&limit=24');
  });

  it.each(['', 'page=2', 'page=2&limit=24', 'limit=24&page=2', 'sort=uk', 'page=12', 'utm_source=news&page=3'])(
    '?%s is canonical',
    (query) => {
      expect(isCanonicalListing(new URLSearchParams(query), shop)).toBe(true);
    },
  );

  it.each([
    ['page=1', ''],
    ['page=0', ''],
    ['page=02', '?page=2'],
    ['page=', ''],
    ['limit=12', ''],
    ['sort=featured&limit=24', '?limit=24'],
    ['page=13', '?page=12'],
    ['page=3&page=5', '?page=3'],
    ['limit=30&page=9', '?page=6&limit=24'],
    ['sort=nope&utm_source=news', ''],
  ])('?%s is not canonical and becomes "%s"', (query, canonical) => {
    const params = new URLSearchParams(query);
    expect(isCanonicalListing(params, shop)).toBe(false);
    expect(canonicalListingQuery(params, shop)).toBe(canonical);
  });

  it('the canonical query of any query is itself canonical (a redirect never loops)', () => {
    const values = ['', '0', '1', '2', '12', '13', '-1', 'x', '24', '48', '1e9', 'uk', 'featured'];
    for (const page of values) {
      for (const limit of values) {
        for (const sort of ['uk', 'featured', 'x']) {
          const query = canonicalListingQuery(new URLSearchParams({ page, limit, sort }), shop);
          expect(isCanonicalListing(new URLSearchParams(query), shop), query).toBe(true);
        }
      }
    }
  });
});
