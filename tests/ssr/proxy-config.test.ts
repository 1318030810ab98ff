/**
 * The proxy keys its cache by what a page means, as the app does (docs/decisions/0020): nginx.conf names, for
 * each route that reads search parameters, those parameters. This keeps that list in step with the routes'
 * own (`handle.searchParams`), so that a route that starts reading a parameter cannot be served by the proxy
 * from a page cached without it.
 */
import { readFileSync } from 'node:fs';
import type { ServerBuild } from 'react-router';
import { expect, it } from 'vitest';

const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild;
const nginx = readFileSync(new URL('../../deploy/nginx/nginx.conf', import.meta.url), 'utf8');

/** The `map $uri $page_args` block's plain entries: path → the parameters its value names. */
function proxyKeys(): Map<string, string[]> {
  const block = /map \$uri \$page_args \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  const entries = new Map<string, string[]>();
  for (const [, path, value] of block.matchAll(/^\s*(\/[^\s"]*)\s+(.+);$/gm)) {
    entries.set(
      path!,
      [...value!.matchAll(/\$arg_(\w+)/g)].map(([, name]) => name!),
    );
  }
  return entries;
}

it('nginx caches each page by the search parameters its route reads, and by no other', () => {
  const expected = new Map<string, string[]>();
  for (const route of Object.values(build.routes)) {
    const names = (route!.module.handle as { searchParams?: string[] } | undefined)?.searchParams;
    if (!names?.length) continue;
    const path = `/${route!.path}`;
    expected.set(path, names);
    // A client navigation's data request reads them too, and names the routes it wants.
    expected.set(`${path}.data`, [...names, '_routes']);
  }
  expect(expected.size).toBeGreaterThan(0);
  const keys = proxyKeys();
  keys.delete('/__manifest');
  expect(Object.fromEntries(keys)).toEqual(Object.fromEntries(expected));
  // The route manifest keeps every parameter; every other page none (the map's default).
  expect(nginx).toMatch(/^\s*\/__manifest \$args;$/m);
  expect(nginx).toMatch(/^\s*default "";$/m);
});

it('nginx never sends a request a replica shed (503) to another replica', () => {
  const retries = [...nginx.matchAll(/proxy_next_upstream ([^;]+);/g)].map(([, value]) => value!);
  expect(retries.length).toBeGreaterThan(0);
  for (const value of retries) expect(value).not.toMatch(/http_503/);
});
