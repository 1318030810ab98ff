/**
 * Whole page loads, as a browser makes them, for the deploy test: a page, then every script, module preload and
 * stylesheet its HTML names, six at a time (a browser's connections per host). A load fails unless the page and
 * every one of them answer 200; which version's HTML it was (X-Storefront-Version) is counted.
 */
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createClient, type Answer } from './browser-load.ts';

export type PageLoadResult = {
  loads: number;
  failed: Array<{ at: number; what: string }>;
  /** Loads by the version that served the page's HTML. */
  byVersion: Map<string, number>;
  assets: number;
  retried: number;
};

/** The same-origin scripts, module preloads and stylesheets a document names, each once. */
export function subresources(html: string): string[] {
  const named = [
    ...html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    // The inline module script imports the entry and the route modules.
    ...html.matchAll(/\bimport\b[^"';]*?["'](\/[^"']+\.js)["']/g),
  ].map((match) => match[1]!.replace(/#.*$/, ''));
  return [...new Set(named.filter((url) => url.startsWith('/') && !url.startsWith('//')))];
}

const decode = (answer: Answer) =>
  (answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body
  ).toString();

export async function pageLoads({
  url,
  shoppers,
  pages,
  headers,
  assetHeaders = headers,
  until,
}: {
  url: string;
  shoppers: number;
  pages: string[];
  headers: Record<string, string>;
  /** The headers of the scripts' and stylesheets' requests, when not the page's. */
  assetHeaders?: Record<string, string>;
  until: Promise<unknown>;
}): Promise<PageLoadResult> {
  const started = performance.now();
  const result: PageLoadResult = { loads: 0, failed: [], byVersion: new Map(), assets: 0, retried: 0 };
  let stopped = false;
  void until.finally(() => (stopped = true));
  const errors: string[] = [];
  // One connection per shopper for pages, six for their assets, as a browser keeps per host.
  const fail = (what: string) => errors.push(what);
  const client = createClient({ url, connections: shoppers, headers, fail });
  const assetClient = createClient({ url, connections: shoppers * 6, headers: assetHeaders, fail });
  const describe = (path: string, answer: Answer | undefined) =>
    answer ? `${path}: HTTP ${answer.status}` : `${path}: ${errors.at(-1) ?? 'no answer'}`;

  const load = async (page: string): Promise<string | undefined> => {
    const document = await client.get(page, true);
    if (document?.status !== 200) return describe(page, document);
    const version = String(document.headers['x-storefront-version'] ?? '?');
    result.byVersion.set(version, (result.byVersion.get(version) ?? 0) + 1);
    const queue = subresources(decode(document));
    const problems: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let asset = queue.shift(); asset; asset = queue.shift()) {
          const answer = await assetClient.get(asset);
          result.assets++;
          if (answer?.status !== 200) problems.push(describe(asset, answer));
        }
      }),
    );
    return problems.length ? `${page} (HTML of ${version}): ${problems.join(', ')}` : undefined;
  };

  await Promise.all(
    Array.from({ length: shoppers }, async (_, shopper) => {
      for (let i = shopper; !stopped; i++) {
        const failure = await load(pages[i % pages.length]!);
        result.loads++;
        if (failure) result.failed.push({ at: performance.now() - started, what: failure });
      }
    }),
  );
  client.close();
  assetClient.close();
  result.retried = client.retried + assetClient.retried;
  return result;
}
