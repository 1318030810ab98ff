import { publicOrigin } from '../lib/origin';
import type { Route } from './+types/robots';

// Pages that must stay out of search results say so with `noindex` (a crawler has to be allowed to read it).
export function loader({ request }: Route.LoaderArgs) {
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${publicOrigin(request)}/sitemap.xml`, ''].join('\n');
  return new Response(body, {
    // Cached like a page: shared only when PUBLIC_URL, not the request's Host, names the origin.
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
