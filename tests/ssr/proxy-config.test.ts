/**
 * The proxy keys its cache by what a page means, as the app does (docs/decisions/0020): nginx.conf keeps the
 * query in the key for each route that reads search parameters, and drops it for every other page. This keeps
 * that list in step with the routes' own (`handle.searchParams`), so that a route that starts reading a
 * parameter cannot be served by the proxy from a page cached without it.
 */
import { readFileSync } from 'node:fs';
import type { ServerBuild } from 'react-router';
import { expect, it } from 'vitest';

const build = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as ServerBuild;
const nginx = readFileSync(new URL('../../deploy/nginx/nginx.conf', import.meta.url), 'utf8');

/** The `map $raw_path $page_args` block: each plain path entry and what it keeps of the query. */
function proxyKeys(): Map<string, string> {
  const block = /map \$raw_path \$page_args \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  return new Map([...block.matchAll(/^\s*(\/[^\s"]*)\s+(.+);$/gm)].map(([, path, value]) => [path!, value!]));
}

it('nginx keeps the query in the cache key for the routes that read it, and for no other page', () => {
  const reading = Object.values(build.routes)
    .filter((route) => (route!.module.handle as { searchParams?: string[] } | undefined)?.searchParams?.length)
    .map((route) => `/${route!.path}`);
  expect(reading.length).toBeGreaterThan(0);
  expect(Object.fromEntries(proxyKeys())).toEqual(
    Object.fromEntries([...reading, '/__manifest'].map((path) => [path, '$args'])),
  );
  // Their data requests too (every data request keeps its query); every other page none.
  expect(nginx).toContain('"~\\.data$" $args;');
  expect(nginx).toMatch(/^\s*default "";$/m);
  expect(nginx).toContain('proxy_cache_key "$scheme$raw_path?$page_args $encoding";');
});

it('nginx never sends a request a replica shed (503) to another replica', () => {
  const retries = [...nginx.matchAll(/proxy_next_upstream ([^;]+);/g)].map(([, value]) => value!);
  expect(retries.length).toBeGreaterThan(0);
  for (const value of retries) expect(value).not.toMatch(/http_503/);
});

it('nginx reads a replica’s response headers into a buffer larger than the app’s largest', () => {
  // Headers past it count as the replica failing (max_fails): a few oversized ones took every replica out.
  expect(nginx).toMatch(/^\s*proxy_buffer_size 16k;$/m);
  // Only that buffer: bodies keep nginx's 8 × 4 KB a connection (4,096 of them within the proxy's memory).
  expect(nginx).not.toMatch(/^\s*proxy_buffers /m);
});
