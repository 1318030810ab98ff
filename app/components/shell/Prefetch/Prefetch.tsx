import { useContext, useEffect, useRef, useState } from 'react';
import { PrefetchPageLinks, UNSAFE_DataRouterContext, UNSAFE_FrameworkContext, useLocation } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated';
import { checkVersionOnIntent } from '../../../lib/version-skew';

/**
 * How long the mouse rests on a link before its page is fetched: a pointer passing over the top bar on its way
 * elsewhere is no intent. Focus and touch are intent at once.
 */
export const HOVER_INTENT_MS = 50;

/** Pages fetched for this page view at most; the oldest are forgotten first (their files stay cached). */
const MAX_PAGES = 8;

/**
 * The next page is fetched before the click lands (docs/decisions/0023-prefetch-on-intent.md).
 *
 * Before React has hydrated, links are plain document navigations: speculation rules have the browser fetch a
 * link's document when the shopper hovers it or starts to press it, and the document is all a page needs to
 * paint. Once hydrated, React Router navigates on the client: on intent (the mouse resting on a link, focus,
 * touch start) this fetches what the new route needs (its data, modules and stylesheets), and the speculation
 * rules go, so no document is fetched that the client navigation would not use. Nothing is fetched on load.
 */
export function Prefetch() {
  const hydrated = useHydrated();
  const pages = useIntendedPages();
  if (!hydrated) return <DocumentSpeculationRules />;
  return pages.map((page) => <PagePrefetch key={page} page={page} />);
}

/**
 * Same-origin links but downloads and those opening elsewhere, fetched on hover (or press on a touch screen). Only
 * the server's HTML has them: the rules are only ever rendered before hydration, which keeps the script as the
 * server sent it, so the browser's bundle need not carry them.
 */
const SPECULATION_RULES = import.meta.env.SSR
  ? JSON.stringify({
      prefetch: [
        {
          where: {
            and: [{ href_matches: '/*' }, { not: { selector_matches: '[download], [target]:not([target="_self"])' } }],
          },
          eagerness: 'moderate',
        },
      ],
    })
  : '';

function DocumentSpeculationRules() {
  // The page's policy allows the rules by their hash, like its other inline scripts (app/lib/csp.ts).
  return (
    <script type="speculationrules" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
  );
}

/** The link an event happened in, when it leads to another page of this site. */
function pageOf(target: EventTarget | null): string | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return undefined;
  if (link.target && link.target !== '_self') return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return undefined;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return url.pathname + url.search;
}

/** The pages the shopper has shown intent to open from the page on show, most recent last. */
function useIntendedPages(): string[] {
  // Each with the page it was intended on: a new page starts with none, or React Router would fetch again the
  // data of pages intended earlier.
  const [intended, setIntended] = useState<Array<{ page: string; on: string }>>([]);
  const { key } = useLocation();
  const current = useRef(key);
  useEffect(() => {
    current.current = key;
  }, [key]);
  useEffect(() => {
    const intend = (page: string | undefined) => {
      if (!page) return;
      // The navigation also asks which version the server runs (0021): asked now, the click need not wait.
      checkVersionOnIntent(page);
      const on = current.current;
      setIntended((known) =>
        known.some((entry) => entry.page === page && entry.on === on)
          ? known
          : [...known.filter((entry) => entry.on === on), { page, on }].slice(-MAX_PAGES),
      );
    };
    let hovered: Element | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link === hovered) return;
      hovered = link;
      clearTimeout(timer);
      if (link) timer = setTimeout(() => intend(pageOf(link)), HOVER_INTENT_MS);
    };
    const onPointerOut = (event: PointerEvent) => {
      if (hovered && !(event.relatedTarget instanceof Node && hovered.contains(event.relatedTarget))) {
        hovered = null;
        clearTimeout(timer);
      }
    };
    const onFocusOrTouch = (event: Event) => intend(pageOf(event.target));
    const listeners = [
      ['pointerover', onPointerOver],
      ['pointerout', onPointerOut],
      ['focusin', onFocusOrTouch],
      ['touchstart', onFocusOrTouch],
    ] as const;
    for (const [type, listener] of listeners)
      document.addEventListener(type, listener as EventListener, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    };
  }, []);
  return intended.filter((entry) => entry.on === key).map((entry) => entry.page);
}

/**
 * React Router's prefetch of a page (its data and modules), and its stylesheets, which React Router leaves
 * to the click. They are prefetched, not applied: they join the page only with the route that needs them. At a
 * prefetch's usual lowest priority Chromium held them behind the data and modules until after the click (0023).
 */
function PagePrefetch({ page }: { page: string }) {
  const stylesheets = useMissingStylesheets(page);
  return (
    <>
      <PrefetchPageLinks page={page} />
      {stylesheets.map((href) => (
        <link key={href} rel="prefetch" as="style" href={href} fetchPriority="high" />
      ))}
    </>
  );
}

/**
 * The stylesheets of the routes a page shows that this page neither links to nor has inlined (rendered after
 * hydration only, so the document is there to ask).
 */
function useMissingStylesheets(page: string): string[] {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const manifest = useContext(UNSAFE_FrameworkContext)?.manifest;
  const css = (router?.match(page) ?? []).flatMap((match) => manifest?.routes[match.route.id]?.css ?? []);
  return [...new Set(css)].filter(
    (href) => !document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`),
  );
}
