/**
 * A client-side navigation whose data did not come (the connection dropped, a proxy answered 502–504, the server
 * shed the request with its busy page) goes again as a document navigation to the same address, as React Router
 * already does when a route's module fails to load. The browser then shows what it has for that: the page itself
 * once the network is back, the server's busy page, or its own offline page with its retry; not the error
 * boundary saying "Failed to fetch" under an address that already names the page it could not show.
 * Submissions are never repeated (the server may have received one), nor is a load of the page already shown
 * (hydration, revalidation after a post), so a failure can never lead to a loop of reloads.
 */
import { isRouteErrorResponse, redirectDocument, type DataStrategyResult, type MiddlewareFunction } from 'react-router';

/** What a fetch that never reached the app throws (every browser's network error is a TypeError), or a gateway's answer. */
const unreachable = (error: unknown) =>
  error instanceof TypeError || (isRouteErrorResponse(error) && error.status > 501 && error.status < 505);

export const documentOnFailure: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const results = await next();
  if (
    request.method === 'GET' &&
    request.url !== window.location.href &&
    Object.values(results).some(({ type, result }) => type === 'error' && unreachable(result))
  )
    throw redirectDocument(request.url);
  return results;
};
