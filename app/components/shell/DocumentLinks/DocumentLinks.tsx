import { createContext, useContext } from 'react';
import {
  Links,
  PrefetchPageLinks,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  type LinkDescriptor,
} from 'react-router';

/**
 * The text of a built stylesheet by its URL, undefined for a stylesheet not inlined. entry.server.tsx provides
 * it, so the server inlines each stylesheet a page needs: there the text is empty, a place that the server fills
 * with the build's bytes once the document is rendered (app/lib/stylesheets.server.ts). Without it (the
 * browser) a stylesheet's text is read back from the document that inlined it.
 */
export const StylesheetText = createContext<((href: string) => string | undefined) | undefined>(undefined);

/** Marks the `<style>` that holds a stylesheet, with the stylesheet's URL as its value. */
const INLINED = 'data-href';

/** `disabled`, which React sets on a link but its types leave out. */
const DISABLED = { disabled: true };

let inlinedByDocument: Map<string, string> | undefined;

/** The stylesheets the document the browser loaded inlined, by URL, with their text. */
function inlinedStylesheets(): Map<string, string> {
  inlinedByDocument ??= new Map(
    [...document.querySelectorAll<HTMLStyleElement>(`style[${INLINED}]`)].map((style) => [
      style.getAttribute(INLINED)!,
      style.textContent ?? '',
    ]),
  );
  return inlinedByDocument;
}

/**
 * React Router's `<Links />`, with every stylesheet of the page inlined in production, so the page paints from
 * its document alone (docs/decisions/0022-first-paint-from-the-document.md). The same links in the same order:
 * for each route on show, its stylesheets, then what its `links` export returns.
 *
 * An inlined stylesheet also gets a disabled `<link>` of its URL, which the browser never fetches: React Router
 * looks for that link before a client-side navigation, and would otherwise fetch again a stylesheet the page
 * already has. Stylesheets of routes the shopper moves to later, which the document did not inline, are linked
 * as usual; React Router loads them before it shows the route.
 *
 * The development server serves styles through Vite, and `<Links />` then adds React Router's critical CSS.
 */
export function DocumentLinks() {
  if (import.meta.env.DEV) return <Links />;
  return <InlinedLinks />;
}

function InlinedLinks() {
  // Framework mode's contexts, there from the first render on (entry.server.tsx, entry.client.tsx).
  const { manifest, routeModules } = useContext(UNSAFE_FrameworkContext)!;
  const { matches } = useContext(UNSAFE_DataRouterStateContext)!;
  const { errors } = useContext(UNSAFE_DataRouterDataContext)!;
  const serverText = useContext(StylesheetText);
  // As <Links />: on an error page, the routes up to the one whose boundary shows the error.
  const failed = errors ? matches.findIndex((match) => errors[match.route.id] !== undefined) : -1;
  const shown = failed === -1 ? matches : matches.slice(0, failed + 1);
  const descriptors: LinkDescriptor[] = shown.flatMap((match) => [
    ...(manifest.routes[match.route.id]?.css ?? []).map((href) => ({ rel: 'stylesheet', href })),
    ...(routeModules[match.route.id]?.links?.() ?? []),
  ]);
  const seen = new Set<string>();
  const links = descriptors.flatMap((descriptor) => {
    const key = JSON.stringify(descriptor, Object.keys(descriptor).sort());
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ key, descriptor }];
  });
  const textOf = serverText ?? ((href: string) => inlinedStylesheets().get(href));
  const elements = links.flatMap(({ key, descriptor }) => {
    if ('page' in descriptor) return <PrefetchPageLinks key={key} {...descriptor} />;
    const text = descriptor.rel === 'stylesheet' && descriptor.href ? textOf(descriptor.href) : undefined;
    if (text === undefined) return <link key={key} {...descriptor} />;
    return [
      // The CSS is the build's own, and `</style` never occurs in it (entry.server.tsx checks).
      <style key={key} {...{ [INLINED]: descriptor.href }} dangerouslySetInnerHTML={{ __html: text }} />,
      <DisabledLink key={descriptor.href} href={descriptor.href!} />,
    ];
  });
  // The stylesheets the document inlined for routes no longer on show keep their disabled link: back on such a
  // route, React Router would otherwise fetch again, and wait for, a stylesheet whose text the page has.
  if (!serverText)
    for (const href of inlinedStylesheets().keys())
      if (!elements.some((element) => element.key === href)) elements.push(<DisabledLink key={href} href={href} />);
  return elements;
}

/** Keyed by its URL, wherever it is rendered: a route's descriptors never name one stylesheet twice. */
function DisabledLink({ href }: { href: string }) {
  return <link rel="stylesheet" href={href} {...DISABLED} />;
}
