import { getPages } from '../data/content.server';
import { publicOrigin } from '../lib/origin';
import type { Route } from './+types/sitemap';

/** The public pages: everything without `noindex`. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const urls = (await getPages())
    .filter((page) => !page.noindex)
    .map((page) => `  <url><loc>${origin}${page.path}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    // Cached like a page: shared only when PUBLIC_URL, not the request's Host, names the origin.
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}
