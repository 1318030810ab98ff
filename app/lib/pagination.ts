/**
 * Paging arithmetic and the URL state of a paged, sorted list. Pure: no React, no fixtures.
 *
 * Pages are numbered from 1 in URLs and on screen. Page number p is page index p - 1, so its first item
 * sits at offset (p - 1) × page size, as the spec puts it ("offset = page index times page size").
 */

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** How many pages `total` items fill; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The offset of the first item of a page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

export type PageRange = {
  /** Offset of the page's first item. */
  offset: number;
  /** 1-based position of the page's first item (0 when the list is empty). */
  from: number;
  /** 1-based position of the page's last item. */
  to: number;
};

/** Which items a page shows: "Products from {from} to {to} of {total}". */
export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const offset = offsetOf(page, pageSize);
  const to = clamp(offset + pageSize, 0, total);
  return { offset, from: to > offset ? offset + 1 : 0, to };
}

/**
 * `size` consecutive page numbers that include the current one, with one page before it where there is
 * room, shifted to stay within 1..count: for 12 pages, page 1 → 1 2 3 4, page 6 → 5 6 7 8, page 12 → 9 10 11 12.
 */
export function pageWindow(current: number, count: number, size: number): number[] {
  const width = clamp(size, 1, count);
  const before = Math.floor((width - 1) / 2);
  const start = clamp(current - before, 1, count - width + 1);
  return Array.from({ length: width }, (_, index) => start + index);
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; position: 'start' | 'end' };

/**
 * The numbered part of a pagination bar: the window, plus the first and last pages when the window
 * leaves them out, with a gap wherever pages are hidden: 1 … 5 6 7 8 … 12.
 */
export function pageItems(current: number, count: number, size: number): PageItem[] {
  const window = pageWindow(current, count, size);
  const first = window[0]!;
  const last = window[window.length - 1]!;
  const items: PageItem[] = [];
  if (first > 1) items.push({ kind: 'page', page: 1 });
  if (first > 2) items.push({ kind: 'gap', position: 'start' });
  for (const page of window) items.push({ kind: 'page', page });
  if (last < count - 1) items.push({ kind: 'gap', position: 'end' });
  if (last < count) items.push({ kind: 'page', page: count });
  return items;
}

/**
 * A whole number from a URL parameter, or null when it is absent, empty or not a number. Fractions are
 * cut to whole numbers and out-of-range values are left for the caller to clamp (so "1e9" is a big page).
 */
export function parseWholeNumber(raw: string | null): number | null {
  if (raw === null) return null;
  const text = raw.trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isNaN(value) ? null : Math.trunc(value);
}

/** The allowed value closest to `value`; on a tie, the smaller. `allowed` must not be empty. */
export function nearest(value: number, allowed: readonly number[]): number {
  return allowed.reduce((best, candidate) => {
    const gain = Math.abs(candidate - value) - Math.abs(best - value);
    return gain < 0 || (gain === 0 && candidate < best) ? candidate : best;
  });
}

/** The names of the URL parameters that hold a list's state. */
export const listingParams = { page: 'page', pageSize: 'limit', sort: 'sort' } as const;

const listingParamNames: readonly string[] = Object.values(listingParams);

export type ListingOptions = {
  total: number;
  pageSizes: readonly number[];
  defaultPageSize: number;
  sorts: readonly string[];
  defaultSort: string;
};

export type ListingState = { page: number; pageSize: number; sort: string };

/**
 * The nearest valid state a query asks for. A repeated parameter counts by its first value; a page
 * outside 1..last becomes the nearest end; a size not offered becomes the nearest size offered; anything
 * unreadable becomes the default.
 */
export function readListing(params: URLSearchParams, options: ListingOptions): ListingState {
  const requestedSize = parseWholeNumber(params.get(listingParams.pageSize));
  const pageSize = requestedSize === null ? options.defaultPageSize : nearest(requestedSize, options.pageSizes);
  const requestedPage = parseWholeNumber(params.get(listingParams.page)) ?? 1;
  const page = clamp(requestedPage, 1, pageCount(options.total, pageSize));
  const requestedSort = params.get(listingParams.sort);
  const sort = requestedSort !== null && options.sorts.includes(requestedSort) ? requestedSort : options.defaultSort;
  return { page, pageSize, sort };
}

/**
 * The one way of writing a state as a query: each parameter once, defaults left out, in a fixed order.
 * "" for the default state, else "?page=2&limit=24". `include` leaves parameters out (e.g. the sort).
 */
export function listingSearch(
  state: ListingState,
  options: ListingOptions,
  include: ReadonlyArray<keyof ListingState> = ['page', 'pageSize', 'sort'],
): string {
  const params = new URLSearchParams();
  if (include.includes('page') && state.page !== 1) params.set(listingParams.page, String(state.page));
  if (include.includes('pageSize') && state.pageSize !== options.defaultPageSize) {
    params.set(listingParams.pageSize, String(state.pageSize));
  }
  if (include.includes('sort') && state.sort !== options.defaultSort) params.set(listingParams.sort, state.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether a query already names its state the canonical way. Parameters the list does not use are ignored. */
export function isCanonicalListing(params: URLSearchParams, options: ListingOptions): boolean {
  const canonical = new URLSearchParams(listingSearch(readListing(params, options), options));
  return listingParamNames.every((name) => {
    const actual = params.getAll(name);
    const expected = canonical.getAll(name);
    return actual.length === expected.length && actual.every((value, index) => value === expected[index]);
  });
}

/**
 * The canonical query for a request's state. Parameters the list does not use never reach its loader; the
 * server passes them on through the redirect (server/page-url.ts, 0020).
 */
export function canonicalListingQuery(params: URLSearchParams, options: ListingOptions): string {
  return listingSearch(readListing(params, options), options);
}
