/**
 * Size budgets: what a first visit to each route transfers with gzip: JavaScript, CSS and the server's HTML,
 * measured on the wire from the production server (assets are precompressed at build time with zopfli).
 * "JavaScript" is the first-load JavaScript: the modules the document itself loads to hydrate (its script
 * and modulepreload tags), as Next.js reports "First Load JS". Code split behind a dynamic import (embla,
 * loaded once a carousel has hydrated; the product gallery's carousel, below 1024px only) is not in it.
 *
 *   npm run bench:size        prints the per-route table (after `npm run build`)
 *
 * tests/ssr/budget.test.ts runs the same measurement and fails when a budget is exceeded.
 */
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';
import { paths } from '../app/paths.ts';

/**
 * One JavaScript budget for every route: React and React Router alone are 104 KB of it, so a page's own
 * code has about 11 KB (docs/decisions/0005-javascript-budget.md).
 */
export const budgetsKb = {
  js: 115,
  css: 20,
  html: 30,
} as const;

export const budgetRoutes = Object.values(paths);

export type RouteSize = { route: string; jsKb: number; cssKb: number; htmlKb: number; files: number };

/** Bytes on the wire, in KB, when a client that accepts only gzip asks for a path (a file that gzip does not make smaller goes as it is). */
function gzipTransferKb(origin: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(origin + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes / 1024));
    }).on('error', reject);
  });
}

/**
 * What one route's first visit transfers, gzipped: the HTML and every script and stylesheet it loads. The CSS
 * the page inlines is in the HTML's figure, and in the CSS figure as well.
 */
export async function measureRoute(origin: string, route: string): Promise<RouteSize> {
  const html = await (await fetch(origin + route)).text();
  const js = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!));
  for (const match of html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) js.add(match[1]!);
  // Stylesheets the page links to, and those it inlines (a disabled link stands for each): these come with the
  // HTML, and count as CSS too, at their gzipped size.
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => text).join('');
  const css = new Set(
    [...html.matchAll(/<link\b[^>]*>/g)]
      .map(([link]) => link)
      .filter((link) => /\brel="stylesheet"/.test(link) && !/\bdisabled=/.test(link))
      .map((link) => link.match(/\bhref="([^"]+)"/)![1]!),
  );
  const total = async (files: Set<string>) => {
    let kb = 0;
    for (const file of files) kb += await gzipTransferKb(origin, file);
    return kb;
  };
  return {
    route,
    jsKb: await total(js),
    cssKb: (await total(css)) + (inlineCss ? gzipSync(inlineCss, { level: 9 }).length / 1024 : 0),
    htmlKb: await gzipTransferKb(origin, route),
    files: js.size + css.size,
  };
}

export function overBudget(size: RouteSize): string[] {
  const problems: string[] = [];
  if (size.jsKb > budgetsKb.js)
    problems.push(`${size.route}: JavaScript ${size.jsKb.toFixed(1)} KB > ${budgetsKb.js} KB`);
  if (size.cssKb > budgetsKb.css) problems.push(`${size.route}: CSS ${size.cssKb.toFixed(1)} KB > ${budgetsKb.css} KB`);
  if (size.htmlKb > budgetsKb.html)
    problems.push(`${size.route}: HTML ${size.htmlKb.toFixed(1)} KB > ${budgetsKb.html} KB`);
  return problems;
}

if (import.meta.main) {
  const { startServer } = await import('../tests/support/server.ts');
  const server = await startServer();
  try {
    console.log('route            JS gz KB   CSS gz KB   HTML gz KB   files');
    const problems: string[] = [];
    for (const route of budgetRoutes) {
      const size = await measureRoute(server.origin, route);
      problems.push(...overBudget(size));
      console.log(
        `${route.padEnd(16)} ${size.jsKb.toFixed(1).padStart(8)} ${size.cssKb.toFixed(1).padStart(11)} ${size.htmlKb.toFixed(1).padStart(12)} ${String(size.files).padStart(7)}`,
      );
    }
    console.log(`budgets: JS ${budgetsKb.js} KB, CSS ${budgetsKb.css} KB, HTML ${budgetsKb.html} KB on every route`);
    console.log(problems.length ? `OVER BUDGET:\n  ${problems.join('\n  ')}` : 'all routes within budget');
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    await server.close();
  }
}
