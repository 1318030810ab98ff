import { existsSync, readFileSync } from 'node:fs';

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
const texts = new Map<string, string | undefined>();

/**
 * The text of one of the build's stylesheets by its URL (`/assets/….css`, as React Router's manifest names it),
 * read once: the files are immutable for a build. Undefined for any other URL.
 */
export function builtStylesheet(href: string): string | undefined {
  if (!texts.has(href)) {
    const { pathname } = new URL(href, 'http://build.invalid');
    let text: string | undefined;
    if (/^\/assets\/[\w.-]+\.css$/.test(pathname)) {
      clientDir ??= clientBuild();
      text = readFileSync(new URL(`.${pathname}`, clientDir), 'utf8');
      // Inlined into a <style> element, which this sequence would end.
      if (/<\/style/i.test(text)) throw new Error(`${pathname} cannot be inlined: it contains "</style"`);
    }
    texts.set(href, text);
  }
  return texts.get(href);
}
