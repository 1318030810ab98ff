import { existsSync, readFileSync } from 'node:fs';
import { sha256Source } from './csp';

/**
 * The browser build's files (build/client), beside the server build (build/server), in whose folder or
 * `assets/` folder the bundler has placed this module.
 */
function clientBuild(): URL {
  for (const up of ['../', '../../']) {
    const candidate = new URL(`${up}client/`, import.meta.url);
    if (existsSync(new URL('assets/', candidate))) return candidate;
  }
  throw new Error(`no browser build (client/assets) beside ${import.meta.url}`);
}

let clientDir: URL | undefined;
type Stylesheet = { bytes: Buffer; source: string };
const stylesheets = new Map<string, Stylesheet | undefined>();

/**
 * The bytes of one of the build's stylesheets by its URL (`/assets/….css`, as React Router's manifest names it),
 * read once: the files are immutable for a build. Undefined for any other URL.
 */
function builtStylesheet(href: string): Stylesheet | undefined {
  if (!stylesheets.has(href)) {
    const { pathname } = new URL(href, 'http://build.invalid');
    let stylesheet: Stylesheet | undefined;
    if (/^\/assets\/[\w.-]+\.css$/.test(pathname)) {
      clientDir ??= clientBuild();
      const bytes = readFileSync(new URL(`.${pathname}`, clientDir));
      // Inlined into a <style> element, which this sequence would end.
      if (/<\/style/i.test(bytes.toString('latin1')))
        throw new Error(`${pathname} cannot be inlined: it contains "</style"`);
      stylesheet = { bytes, source: sha256Source(bytes) };
    }
    stylesheets.set(href, stylesheet);
  }
  return stylesheets.get(href);
}

/**
 * What the server renders inside the `<style>` of a stylesheet the page inlines (DocumentLinks): nothing, for a
 * stylesheet of the build, which `inlineStylesheets` then writes into the finished document; undefined for
 * any other URL (it is linked instead).
 *
 * The stylesheets are not rendered by React: as a string in the render, a route's 15–25 KB of CSS was encoded
 * anew for every page rendered, and the memory that took made V8 collect its whole heap half as often again
 * (docs/performance.md, "Pages rendered per request").
 */
export function stylesheetPlaceholder(href: string): string | undefined {
  return builtStylesheet(href) && '';
}

/** Where DocumentLinks puts an inlined stylesheet: `<style data-href="/assets/….css"></style>`. */
const PLACEHOLDER_START = '<style data-href="';
const PLACEHOLDER_END = '"></style>';

/**
 * The document with the build's bytes of each stylesheet in its empty `<style data-href>` (see above), and the
 * `'sha256-…'` source of each, for the page's policy (app/lib/csp.ts). The document is pieces of bytes, each
 * element whole in one piece; so is the result, in which the stylesheets are the build's own buffers, not copies.
 */
export function inlineStylesheets(document: readonly Buffer[]): { document: Buffer[]; sources: string[] } {
  const pieces: Buffer[] = [];
  const sources: string[] = [];
  for (const piece of document) {
    let from = 0;
    for (
      let at = piece.indexOf(PLACEHOLDER_START, 0, 'latin1');
      at !== -1;
      at = piece.indexOf(PLACEHOLDER_START, at + 1, 'latin1')
    ) {
      const hrefStart = at + PLACEHOLDER_START.length;
      const end = piece.indexOf(PLACEHOLDER_END, hrefStart, 'latin1');
      const stylesheet = end === -1 ? undefined : builtStylesheet(piece.toString('latin1', hrefStart, end));
      if (!stylesheet) continue;
      const contentStart = end + PLACEHOLDER_END.length - '</style>'.length;
      pieces.push(piece.subarray(from, contentStart), stylesheet.bytes);
      sources.push(stylesheet.source);
      from = contentStart;
    }
    pieces.push(from ? piece.subarray(from) : piece);
  }
  return { document: pieces, sources };
}
