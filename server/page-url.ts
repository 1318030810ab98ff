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
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** The parameter by which a client navigation asks for some routes' data only (React Router's single fetch). */
const ROUTES_PARAM = '_routes';

export type PageUrl = {
  /** The URL the app is given: the request's, less the parameters its route does not read. */
  url: URL;
  /** What the page cache stores it under: the path and those parameters; one key for every unknown path. */
  key: string;
  /** The parameters left out, in their order, to pass on through a redirect. */
  dropped: Array<[string, string]>;
};

type Routes = ServerBuild['routes'];
type RouteWithParams = RouteObject & { searchParams: readonly string[]; catchAll: boolean };

/** `handle.searchParams` of a route module, if it names any. */
function searchParamsOf(module: NonNullable<Routes[string]>['module']): readonly string[] {
  const handle: unknown = module.handle;
  const names = handle && typeof handle === 'object' && 'searchParams' in handle ? handle.searchParams : undefined;
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
        catchAll: path === '*',
        children: index ? undefined : routeTree(routes, id),
      } as RouteWithParams;
    });
}

/**
 * From a build, the function from a request's URL to its meaning, or undefined for a request that is not a
 * page: React Router's route-discovery manifest (`/__manifest?paths=…`), whose answer depends on every
 * parameter.
 */
export function createPageUrls(build: Pick<ServerBuild, 'routes' | 'routeDiscovery' | 'basename'>) {
  const tree = routeTree(build.routes);
  const manifestPath = build.routeDiscovery?.manifestPath ?? '/__manifest';
  return (url: URL): PageUrl | undefined => {
    if (url.pathname === manifestPath) return undefined;
    // A client navigation asks for /products.data (/_.data for the home page), as React Router's server does.
    const data = url.pathname.endsWith('.data');
    const pathname = data ? url.pathname.replace(/\/_\.data$|\.data$/, '') || '/' : url.pathname;
    const matches = matchRoutes(tree, pathname, build.basename) ?? [];
    const routes = matches.map((match) => match.route as RouteWithParams);
    const read = new Set(routes.flatMap((route) => route.searchParams));
    const kept = new URLSearchParams();
    const dropped: Array<[string, string]> = [];
    for (const [name, value] of url.searchParams) {
      if (read.has(name)) kept.append(name, value);
      else if (!(data && name === ROUTES_PARAM)) dropped.push([name, value]);
    }
    // Which routes' data: React Router ignores ids that did not match, so only those that did are kept, in order.
    const wanted = data ? url.searchParams.get(ROUTES_PARAM)?.split(',') : undefined;
    if (wanted) kept.set(ROUTES_PARAM, routes.flatMap(({ id }) => (id && wanted.includes(id) ? [id] : [])).join(','));
    const canonical = new URL(url);
    canonical.search = kept.size ? `?${kept}` : '';
    kept.sort();
    const unknown = routes.length === 0 || routes.at(-1)!.catchAll;
    // Unknown paths all render the same not-found page: one key for them all (and one for their data).
    const key = `${unknown ? `*${data ? '.data' : ''}` : canonical.pathname}${kept.size ? `?${kept}` : ''}`;
    return { url: canonical, key, dropped };
  };
}
