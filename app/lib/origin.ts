/**
 * The site's public origin for absolute URLs (canonical links, sitemap): PUBLIC_URL when the operator sets
 * it (recommended behind a proxy), else the origin the request came in on. Server-side only (loaders).
 */
export function publicOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  return configured || new URL(request.url).origin;
}
