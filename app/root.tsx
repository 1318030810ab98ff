import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Meta, Outlet, Scripts, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { DocumentLinks } from './components/shell/DocumentLinks/DocumentLinks';
import { Prefetch } from './components/shell/Prefetch/Prefetch';
import { ScrollRestoration } from './components/shell/ScrollRestoration/ScrollRestoration';
import { Shell } from './components/shell/Shell/Shell';
import { JsonLd } from './components/ui/JsonLd/JsonLd';
import { getMiniCart } from './data/cart.server';
import { cartButtonLabel, getShellContent } from './data/content.server';
import { titleFromPath } from './lib/page-title';
import { useHydrated } from './lib/use-hydrated';
import { pageShown, toDocumentWhenNeeded } from './lib/version-skew';
import { publicOrigin } from './lib/origin';
import { breadcrumbList } from './lib/structured-data';
import { paths } from './paths';
import type { PageCopy, ShellData } from './types/site';
import './styles/global.css';
import * as styles from './root.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [content, cart] = await Promise.all([getShellContent(), getMiniCart()]);
  const shell: ShellData = { ...content, cart, cartLabel: cartButtonLabel(cart.items.length) };
  return { ...shell, origin: publicOrigin(request) };
}

// A tab of an older version navigates by document to the new one (0021); so does a navigation whose data did
// not come through the network (0033).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [toDocumentWhenNeeded];

// The shell's data is static: client navigations need not fetch it again.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const canonical = useCanonicalUrl();
  // Marks the document once React has taken over and rendered what only JavaScript shows (useHydrated's
  // transition), for tests and for styles that need JavaScript.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  const { pathname, search } = useLocation();
  useEffect(() => pageShown(pathname + search), [pathname, search]);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b1b1b" />
        <Meta />
        {canonical ? (
          <>
            <link rel="canonical" href={canonical} />
            <meta property="og:url" content={canonical} />
          </>
        ) : null}
        <DocumentLinks />
      </head>
      <body>
        {children}
        <Prefetch />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export type RouteHandle = {
  /** A route opts out of the breadcrumb and title band with `pageHeader: false`. */
  pageHeader?: boolean;
  /**
   * The search parameters its loader reads. Its pages are given, and cached by, these only: any other
   * parameter (utm_source, a cache-buster) does not reach the loader (server/page-url.ts; 0020).
   */
  searchParams?: readonly string[];
  /**
   * Its pages are the shopper's own (a cart, an account): rendered for each request with the shopper's cookies
   * and credentials, never stored, `Cache-Control: private, no-store`. Other pages' loaders never see those
   * (server/page-url.ts; 0032).
   */
  private?: boolean;
};

/** The absolute URL of the page on show, from its loader's `page.path`; none on error pages. */
function useCanonicalUrl(): string | undefined {
  const root = useRouteLoaderData<typeof loader>('root');
  const page = (useMatches().at(-1)?.loaderData as { page?: PageCopy } | undefined)?.page;
  return root && page ? root.origin + page.path : undefined;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const title = handle?.pageHeader === false ? undefined : titleFromPath(pathname);
  return (
    <Shell data={loaderData} title={title}>
      {title ? (
        <JsonLd
          data={breadcrumbList([
            { name: loaderData.copy.home, url: loaderData.origin + paths.home },
            { name: title, url: loaderData.origin + pathname },
          ])}
        />
      ) : null}
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Unknown URLs match the catch-all route, so the root loader has run for them too.
  const data = useRouteLoaderData<typeof loader>('root');
  let detail: string;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    // In production React Router replaces server errors' messages and drops their stacks.
    detail = error.message;
    stack = import.meta.env.DEV ? error.stack : undefined;
  } else {
    detail = 'Unknown error';
  }
  const content = (
    <section className={styles.error} aria-labelledby="error-title">
      <h1 id="error-title" className={styles.errorTitle}>
        Unexpected Application Error!
      </h1>
      <p className={styles.errorDetail}>{detail}</p>
      {stack ? <pre className={styles.errorStack}>{stack}</pre> : null}
    </section>
  );
  return data ? <Shell data={data}>{content}</Shell> : <main id="main">{content}</main>;
}

export function meta({ error, loaderData }: Route.MetaArgs) {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Error';
  return [{ title: loaderData ? `${status} | ${loaderData.brand}` : status }, { name: 'robots', content: 'noindex' }];
}
