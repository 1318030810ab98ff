import { useEffect, useRef, type RefObject } from 'react';
import { redirect, useLocation, useNavigation, useNavigationType } from 'react-router';
import { FilterSidebar } from '../components/product/FilterSidebar/FilterSidebar';
import { ListingControls } from '../components/product/ListingControls/ListingControls';
import { Pagination } from '../components/product/Pagination/Pagination';
import { ProductGrid } from '../components/product/ProductGrid/ProductGrid';
import { getListingOptions, getProducts } from '../data/catalog.server';
import { getPage, getShopContent } from '../data/content.server';
import { JsonLd } from '../components/ui/JsonLd/JsonLd';
import { pageMeta } from '../lib/meta';
import { publicOrigin } from '../lib/origin';
import { itemList } from '../lib/structured-data';
import { paths } from '../paths';
import {
  canonicalListingQuery,
  isCanonicalListing,
  listingParams,
  listingSearch,
  pageCount,
  pageRange,
  readListing,
  type ListingOptions,
  type ListingState,
} from '../lib/pagination';
import { visuallyHidden } from '../styles/a11y.css';
import type { RouteHandle } from '../root';
import type { Route } from './+types/products';
import * as styles from './products.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

/** The list's state is in the URL (0006); nothing else in a query changes the page. */
export const handle: RouteHandle = { searchParams: Object.values(listingParams) };

const PRODUCTS_PATH = paths.products;

/** The id of the results section: page links end in it, so even without JavaScript a new page opens at the grid. */
const RESULTS_ID = 'product-list';

/** The URL of a state of the list, landing at the top of the results. */
function listingHref(state: ListingState, options: ListingOptions): string {
  return `${PRODUCTS_PATH}${listingSearch(state, options)}#${RESULTS_ID}`;
}

/**
 * The URL holds the state (?page=, ?limit=, ?sort=). A query that names it any other way (page 0, past the
 * end, a size not offered, a repeated parameter, a default spelled out) redirects to the one canonical URL
 * of the nearest valid state, so every URL a shopper sees is clean and shareable.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const listing = await getListingOptions();
  if (!isCanonicalListing(searchParams, listing)) {
    throw redirect(PRODUCTS_PATH + canonicalListingQuery(searchParams, listing));
  }
  const state = readListing(searchParams, listing);
  const lastPage = pageCount(listing.total, state.pageSize);
  const range = pageRange(state.page, state.pageSize, listing.total);
  const [page, shop, products] = await Promise.all([
    getPage('products'),
    getShopContent(),
    getProducts(range.offset, range.to - range.offset),
  ]);
  const origin = publicOrigin(request);
  return {
    // The demo sort does not reorder anything, so sorted views name the unsorted page as canonical.
    page: {
      ...page,
      path: page.path + listingSearch(state, listing, ['page', 'pageSize']),
      title: state.page > 1 ? shop.listingPageTitle(page.title, state.page, lastPage) : page.title,
    },
    state,
    pageCount: lastPage,
    range,
    counter: shop.productCounter(range.from, range.to, listing.total),
    products,
    structuredData: itemList(
      products.map((product) => ({ name: product.title, url: origin + paths.productDetails })),
      range.from,
    ),
    // Copy and filter data travel with the page rather than in the browser bundle.
    copy: shop.copy,
    filters: shop.filters,
    sortOptions: shop.sortOptions,
    pageSizes: listing.pageSizes,
    listing,
    pageWindow: shop.pageWindow,
  };
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const {
    state,
    pageCount: count,
    counter,
    products,
    copy,
    filters,
    sortOptions,
    pageSizes,
    listing: options,
    pageWindow,
  } = loaderData;
  const resultsRef = useRef<HTMLElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  useFocusResultsAfterPaging(resultsRef, toolbarRef);
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === PRODUCTS_PATH;

  return (
    <div className={styles.layout}>
      <JsonLd data={loaderData.structuredData} />
      <FilterSidebar
        heading={copy.filtersHeading}
        toggleLabel={copy.filtersToggle}
        primary={filters.primary}
        groups={filters.groups}
      />
      <section
        ref={resultsRef}
        id={RESULTS_ID}
        tabIndex={-1}
        aria-labelledby="product-list-heading"
        aria-busy={loading || undefined}
        className={styles.results}
      >
        <h2 id="product-list-heading" className={visuallyHidden}>
          {copy.productListHeading}
        </h2>
        <div ref={toolbarRef} className={styles.toolbar}>
          <p role="status" className={styles.counter}>
            {counter}
          </p>
          <ListingControls
            action={`${PRODUCTS_PATH}#${RESULTS_ID}`}
            sort={state.sort}
            pageSize={state.pageSize}
            sortOptions={sortOptions}
            pageSizes={pageSizes}
            hrefFor={({ sort, pageSize }) => listingHref({ page: 1, sort, pageSize }, options)}
            labels={{ sort: copy.sortLabel, pageSize: copy.pageSizeLabel, apply: copy.applyButton }}
            names={{ sort: listingParams.sort, pageSize: listingParams.pageSize }}
          />
        </div>
        <ProductGrid products={products} eagerCount={3} headingLevel="h3" />
        <Pagination
          current={state.page}
          pageCount={count}
          range={pageWindow}
          hrefFor={(page) => listingHref({ ...state, page }, options)}
          label={copy.paginationLabel}
          previousLabel={copy.previous}
          nextLabel={copy.next}
        />
      </section>
    </div>
  );
}

/**
 * After a client navigation to a new page of results, focus moves to the top of the results (React Router
 * has already scrolled there for the #product-list fragment), so keyboard and screen reader users carry on
 * from the first new product. Not on back/forward, which restore their own position, and not when the
 * change came from the sort or size select, where focus must stay on the field being used.
 */
function useFocusResultsAfterPaging(
  resultsRef: RefObject<HTMLElement | null>,
  toolbarRef: RefObject<HTMLElement | null>,
) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const handledKey = useRef(location.key);
  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (navigationType === 'POP' || location.hash !== `#${RESULTS_ID}`) return;
    if (toolbarRef.current?.contains(document.activeElement)) return;
    resultsRef.current?.focus({ preventScroll: true });
  }, [location.key, location.hash, navigationType, resultsRef, toolbarRef]);
}
