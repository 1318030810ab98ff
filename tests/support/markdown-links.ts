import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';

/** What the checker may ask of the files a link points at (the repository, or a fixture in a test). */
export type Files = {
  /** A file or a folder at this path, relative to the repository's root. */
  exists(file: string): boolean;
  /** The text of a Markdown file, to read its headings' anchors. */
  read(file: string): string;
};

/** The text a heading shows, from which GitHub makes its anchor: code keeps its text, markup goes. */
function shownText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && token.tokens) return shownText(token.tokens);
      return token.type === 'text' || token.type === 'codespan' || token.type === 'escape' ? token.text : '';
    })
    .join('');
}

/**
 * The anchors GitHub gives a page's headings: lower case, spaces to hyphens, punctuation dropped, and a
 * repeated heading numbered -1, -2 … (github-slugger, the slugger GitHub's own rules are published as).
 */
export function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'heading') found.add(slugger.slug(shownText((token as Tokens.Heading).tokens)));
  });
  return found;
}

/**
 * The targets of a page's links and images, Markdown's (inline, in tables, by reference) and HTML's `href`
 * and `src`; not what code spans and code blocks show.
 */
export function targets(markdown: string): string[] {
  const found = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image' || token.type === 'def') found.add(token.href);
    if (token.type === 'html')
      for (const [, href] of token.text.matchAll(/\b(?:href|src)="([^"]*)"/g)) found.add(href!);
  });
  return [...found];
}

/**
 * Each relative link or image of the pages that does not resolve, as `page: target (why)`: a file or folder
 * that is not there, or an anchor that no heading of the target page makes. Links with a scheme (https:,
 * mailto:) are someone else's and are not followed.
 */
export function brokenLinks(pages: string[], files: Files): string[] {
  const broken: string[] = [];
  for (const page of pages) {
    for (const target of targets(files.read(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [pathPart = '', anchor] = target.split('#', 2);
      const file = pathPart
        ? path.posix.normalize(
            pathPart.startsWith('/')
              ? decodeURI(pathPart.slice(1))
              : path.posix.join(path.posix.dirname(page), decodeURI(pathPart)),
          )
        : page;
      if (file.startsWith('../') || !files.exists(file)) broken.push(`${page}: ${target} (no such file)`);
      else if (anchor !== undefined && !(file.endsWith('.md') && anchors(files.read(file)).has(anchor)))
        broken.push(`${page}: ${target} (no such heading)`);
    }
  }
  return broken;
}
