/**
 * What a page request means (docs/decisions/0020-one-render-per-meaning.md).
 *
 * Links shared on the web carry parameters no route reads: `utm_source`, `gclid`, `fbclid`, a cache-buster.
 * Each used to be a page of its own: a render, and a place in the page cache. Instead each route names the
 * search parameters its loader reads, in its `handle` (`handle: { searchParams: ['page', 'limit'] }`), and a
 * request's meaning is its path and those parameters only: the app is given that URL (so a route cannot read
 * a parameter it did not name, and the cache can never serve the wrong page), and the page cache keys by it.
 * Every unknown path means the same thing, the not-found page, so it is rendered once whatever the path.
 * The browser keeps the full URL, so analytics in the page still see every parameter.
 */
import { LRUCache } from 'lru-cache';
import { generatePath, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** The parameter by which a client navigation asks for some routes' data only (React Router's single fetch). */
const ROUTES_PARAM = '_routes';

/**
 * Where every unknown path is rendered: one page for them all, so it must be the same whichever path asked (React
 * Router lists in the page the routes a path falls under: `/products/x` once added the shop's). No route is here.
 */
export const NOT_FOUND_PATH = '/__not-found';

export type PageUrl = {
  /** The URL the app is given: the request's, less the parameters its route does not read. */
  url: URL;
  /** What the page cache stores it under: the path and those parameters; one key for every unknown path. */
  key: string;
  /** The parameters left out, in their order, to pass on through a redirect. */
  dropped: Array<[string, string]>;
  /** No route but the catch-all matched: the not-found page, the one 404 that may be stored. */
  unknown: boolean;
  /** The route's data (`/products.data`, what a client-side navigation fetches), not its document. */
  data: boolean;
  /**
   * The pattern of the route that answers it, for metrics: `/products`, `/products.data` for its data, `/*` for
   * every unknown path. Never the path itself, so a crawler's million URLs make no new series.
   */
  route: string;
  /**
   * The page is the shopper's own (its route's `handle.private`): rendered for each request, with the request's
   * cookies and credentials, and never stored. Every other page is rendered without them, so that no loader can
   * make a page stored for everyone out of one shopper's data.
   */
  private: boolean;
  /**
   * Where to send the browser instead (a 308) when the path is another spelling of a route's own (`/About`,
   * `/products/`, `/%70roducts`): routes match without regard to case, a trailing slash or encoding, and each
   * spelling would otherwise be a render and a cache entry of its own.
   */
  redirect?: string;
};

type Routes = ServerBuild['routes'];
type RouteWithParams = RouteObject & { searchParams: readonly string[]; private: boolean; catchAll: boolean };

/** A route module's `handle` as an object (an empty one when it has none). */
function handleOf(module: NonNullable<Routes[string]>['module']): Record<string, unknown> {
  const handle: unknown = module.handle;
  return handle && typeof handle === 'object' ? (handle as Record<string, unknown>) : {};
}

/** `handle.searchParams` of a route module, if it names any. */
function searchParamsOf(module: NonNullable<Routes[string]>['module']): readonly string[] {
  const names = handleOf(module).searchParams;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** The build's flat route manifest as the tree `matchRoutes` takes. */
function routeTree(routes: Routes, parentId?: string): RouteWithParams[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive, module } = route!;
      return {
        id,
        path,
        index,
        caseSensitive,
        searchParams: searchParamsOf(module),
        private: handleOf(module).private === true,
        catchAll: path === '*',
        children: index ? undefined : routeTree(routes, id),
      } as RouteWithParams;
    });
}

/**
 * Paths whose match is remembered. `matchRoutes` flattens and ranks the whole route tree and compiles a regular
 * expression per route on every call; for a page served from the cache that was a quarter of the server's
 * CPU (docs/performance.md, "Pages from the cache"). The paths a shop is asked for are mostly its routes', so a
 * few hundred cover them; a flood of unique unknown paths only cycles the least recently used.
 */
const REMEMBERED_PATHS = 512;

/** What a path means, whatever the query: the routes it matched and their own spelling of it. */
type PathMeaning = {
  routes: RouteWithParams[];
  /** The search parameters those routes read. */
  read: ReadonlySet<string>;
  /** The routes' own spelling of the path; none for an unknown path (the not-found page). */
  own?: string;
  /** Their pattern (`/productDetails`, `/*`). */
  pattern: string;
  /** One of them says its pages are the shopper's own. */
  private: boolean;
};

/** A path without repeated slashes or a trailing one. */
function tidyPath(path: string): string {
  return path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** The path React Router's server reads a route's data from: /products.data, /_.data for the home page. */
function dataPath(path: string): string {
  return path.endsWith('/') ? `${path}_.data` : `${path}.data`;
}

/**
 * A route-discovery request without the paths React Router cannot decode, for each of which it prints a warning of
 * its own, in plain text (an attack run wrote 393 lines with one 2 KB request); undefined when none is left. A page
 * asks for every link it shows in one request: one bad link must not leave the others undiscovered.
 */
export function withDecodablePaths(url: URL): URL | undefined {
  const paths = (url.searchParams.get('paths') ?? '').split(',');
  const decodable = paths.filter((path) => {
    try {
      for (const segment of path.split('/')) decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
  if (decodable.length === paths.length) return url;
  if (decodable.length === 0) return undefined;
  const kept = new URL(url);
  kept.searchParams.set('paths', decodable.join(','));
  return kept;
}

/**
 * From a build, the function from a request's URL to its meaning, or undefined for a request that is not a
 * page: React Router's route-discovery manifest (`/__manifest?paths=…`), whose answer depends on every
 * parameter.
 */
export function createPageUrls(build: Pick<ServerBuild, 'routes' | 'routeDiscovery' | 'basename'>) {
  const tree = routeTree(build.routes);
  const basename = (build.basename ?? '/').replace(/\/$/, '');
  const manifestPath = basename + (build.routeDiscovery?.manifestPath ?? '/__manifest');
  const meanings = new LRUCache<string, PathMeaning>({ max: REMEMBERED_PATHS });
  const meaningOf = (pathname: string): PathMeaning => {
    const remembered = meanings.get(pathname);
    if (remembered) return remembered;
    const matches = matchRoutes(tree, pathname, build.basename) ?? [];
    const routes = matches.map((match) => match.route as RouteWithParams);
    const pattern = routes.map((route) => route.path ?? '').join('/');
    const meaning: PathMeaning = {
      routes,
      read: new Set(routes.flatMap((route) => route.searchParams)),
      pattern: tidyPath(`/${pattern}`),
      private: routes.some((route) => route.private),
    };
    // The route's own spelling of the path. Any other spelling of it (case, a trailing slash, percent-encoding)
    // is redirected to it, so that the one spelling is the one stored, here and in a proxy's cache.
    if (routes.length > 0 && !routes.at(-1)!.catchAll) {
      const path = `${basename}/${generatePath(pattern, matches.at(-1)!.params)}`;
      meaning.own = new URL(tidyPath(path), 'http://localhost').pathname;
    }
    meanings.set(pathname, meaning);
    return meaning;
  };
  return (url: URL): PageUrl | undefined => {
    if (url.pathname === manifestPath) return undefined;
    const data = url.pathname.endsWith('.data');
    const pathname = data ? url.pathname.replace(/\/_\.data$|\.data$/, '') || '/' : url.pathname;
    const { routes, read, own, pattern, private: shoppers } = meaningOf(pathname);
    const route = data ? dataPath(pattern) : pattern;
    const unknown = own === undefined;
    const kept = new URLSearchParams();
    const dropped: Array<[string, string]> = [];
    for (const [name, value] of url.searchParams) {
      if (read.has(name)) kept.append(name, value);
      else if (!(data && name === ROUTES_PARAM)) dropped.push([name, value]);
    }
    // Which routes' data: React Router ignores ids that did not match, so only those that did are kept, in
    // order; none left, or every one, means all of them, as no parameter does.
    const wanted = data ? url.searchParams.get(ROUTES_PARAM)?.split(',') : undefined;
    const ids = routes.flatMap(({ id }) => (id && wanted?.includes(id) ? [id] : []));
    if (ids.length > 0 && ids.length < routes.length) kept.set(ROUTES_PARAM, ids.join(','));
    const canonical = new URL(url);
    canonical.search = kept.size ? `?${kept}` : '';
    kept.sort();
    const query = kept.size ? `?${kept}` : '';
    const common = { url: canonical, dropped, unknown, data, route, private: shoppers };
    // Unknown paths all render the same not-found page, at one path: one key for them all (and one for their data).
    if (unknown) {
      canonical.pathname = basename + (data ? dataPath(NOT_FOUND_PATH) : NOT_FOUND_PATH);
      const page: PageUrl = { ...common, key: `*${data ? '.data' : ''}${query}` };
      // One slash for repeated ones: the browser's router takes `//x` for a path under `/`, which the page rendered
      // at one path for every unknown path is not, and the two would disagree as the page hydrates.
      if (/\/{2,}/.test(url.pathname)) page.redirect = url.pathname.replace(/\/{2,}/g, '/') + url.search;
      return page;
    }
    const page: PageUrl = { ...common, key: (data ? dataPath(own) : own) + query };
    if (pathname !== own) page.redirect = (data ? dataPath(own) : own) + url.search;
    return page;
  };
}
