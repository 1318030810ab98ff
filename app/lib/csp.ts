import { createHash } from 'node:crypto';
import { DEFERRED_MODULE } from './deferred-scripts';

/**
 * Inline scripts the browser runs or reads as rules: classic and module scripts, import maps, speculation rules,
 * and the module script that runs once the page has painted; no `src`, no data type such as `application/ld+json`.
 */
const DATA_TYPE = new RegExp(
  `\\btype="(?!module"|importmap"|speculationrules"|text/javascript"|${DEFERRED_MODULE}")[^"]*"`,
);

/** The `'sha256-…'` source that allows an inline script or stylesheet: of its bytes as sent. */
export function sha256Source(content: Buffer): string {
  return `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
}

/**
 * Each `<tag …>…</tag>` element of a document given as pieces of bytes, each element whole in one piece: its
 * attributes (as text) and its content (as bytes).
 */
function* elements(pieces: readonly Buffer[], tag: string): Generator<{ attributes: string; content: Buffer }> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  for (const [index, piece] of pieces.entries()) {
    for (let at = piece.indexOf(open, 0, 'latin1'); at !== -1; at = piece.indexOf(open, at + 1, 'latin1')) {
      // As a regular expression's \b: <scripts is another element.
      if (/\w/.test(piece.toString('latin1', at + open.length, at + open.length + 1))) continue;
      const contentStart = piece.indexOf('>', at, 'latin1') + 1;
      const end = contentStart && piece.indexOf(close, contentStart, 'latin1');
      if (!contentStart || end === -1) {
        // Read whole, the document would have had this element end in a later piece, and its hash is needed.
        if (index < pieces.length - 1) throw new Error(`a <${tag}> element is cut across the document's pieces`);
        break;
      }
      yield {
        attributes: piece.toString('latin1', at + open.length, contentStart - 1),
        content: piece.subarray(contentStart, end),
      };
      at = end;
    }
  }
}

/** The `'sha256-…'` source of every inline script in a document, in order of appearance, each once. */
function inlineScriptHashes(pieces: readonly Buffer[]): string[] {
  const hashes = new Set<string>();
  for (const { attributes, content } of elements(pieces, 'script')) {
    if (/\bsrc=/.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(sha256Source(content));
  }
  return [...hashes];
}

/** The `'sha256-…'` source of every `<style>` element of a document that has content. */
function inlineStyleHashes(pieces: readonly Buffer[]): string[] {
  return [...elements(pieces, 'style')].flatMap(({ content }) => (content.length ? [sha256Source(content)] : []));
}

/**
 * This origin by default; where images, fonts, requests and form posts may go; no plugins or base URL: in both
 * policies below.
 */
const SHARED_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/**
 * The Content-Security-Policy of an HTML page: a hash-based strict policy. Only the inline scripts this very
 * document contains may run (each by its hash), and what they load ('strict-dynamic': the modules the page
 * preloads once it has painted, which a script adds, app/lib/deferred-scripts.ts); only its own inline
 * stylesheets apply (by their hashes), besides stylesheets from this origin; everything else comes from this
 * origin only. The policy is a function of the document, so
 * a page and its policy can be cached and shared like a static file
 * (docs/decisions/0012-hash-based-csp-and-shared-pages.md).
 *
 * `document` is the document's bytes as sent, in pieces, each element whole in one piece: the hashes are of those
 * bytes, whatever characters they encode. The stylesheets the server writes into it last
 * (app/lib/stylesheets.server.ts) are not in it yet: their sources come as `stylesheets`.
 */
export function contentSecurityPolicy(document: readonly Buffer[], stylesheets: readonly string[] = []): string {
  return [
    ...SHARED_DIRECTIVES,
    `script-src ${[...inlineScriptHashes(document), "'strict-dynamic'"].join(' ')}`,
    // The page's own stylesheets are inlined (each by its hash); those of pages reached later load from here.
    `style-src ${["'self'", ...new Set([...inlineStyleHashes(document), ...stylesheets])].join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What watch mode sends instead, as `Content-Security-Policy-Report-Only`: the production policy's limits on where
 * images, fonts, requests and form posts may go, and no inline `style` attributes in the HTML, each reported in the
 * browser's console where production would block it (a loader's image from another host, a `style={{…}}` that
 * applies in a client-side navigation but not on a page load). Scripts and `<style>` elements are left to
 * Vite, which injects its own inline: production allows the page's own by their hashes.
 */
export function developmentPolicy(): string {
  return [
    ...SHARED_DIRECTIVES,
    "script-src 'self' 'unsafe-inline'",
    "style-src-elem 'self' 'unsafe-inline'",
    "style-src-attr 'none'",
  ].join('; ');
}
