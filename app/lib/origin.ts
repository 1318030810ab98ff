/**
 * The site's public origin for absolute URLs (canonical links, structured data, sitemap). The server builds
 * every request's URL on PUBLIC_URL when the operator sets it (so a forged Host never reaches a page), else
 * on the origin the request came in on. Server-side only (loaders).
 */
export function publicOrigin(request: Request): string {
  return new URL(request.url).origin;
}
