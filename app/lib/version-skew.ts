/**
 * Old tabs recover forward (docs/decisions/0021-assets-across-versions.md). A tab keeps running the version it
 * was loaded with; after a deploy its client-side navigations would run that code on another version's data.
 * React Router itself notices a new version only when it discovers a route it has not seen (its /__manifest
 * request carries the tab's version, and a mismatch makes it load the destination as a document); a route it
 * knows already is fetched with no check at all. This root middleware closes that gap: before each navigation
 * it asks the server its version (/__version, see server/version.ts) and, when it differs from the tab's, turns
 * the navigation into a document navigation to the destination, so the shopper lands where they clicked, on
 * the new version. A form post becomes a document post of the same fields to the same action, so it is neither
 * lost nor sent twice. Once per version: if the document loaded still comes from the tab's version (a roll-out
 * in progress, a cached page), its next navigations stay client-side until a check agrees again, so there is no
 * loop; the other version's chunks stay fetchable meanwhile (the asset store). The document navigation carries a
 * cookie for a few seconds that makes the proxy fetch the page afresh rather than serve a copy it stored from
 * the version being left.
 *
 * The same middleware sends a navigation whose data did not come through the network as a document navigation too
 * (docs/decisions/0033-a-navigation-whose-data-fails-loads-as-a-document.md).
 */
import {
  data,
  isRouteErrorResponse,
  redirectDocument,
  type DataStrategyResult,
  type MiddlewareFunction,
} from 'react-router';

/** Answered by every replica (server/version.ts), never from a cache. */
const VERSION_PATH = '/__version';

/** A cookie the proxy bypasses its cache for. */
const FRESH_COOKIE = 'version_skew';

/** sessionStorage: the version this tab last left by a document navigation (the loop guard). */
const GUARD_KEY = 'storefront-version-skew';

type Window = { __reactRouterManifest?: { version?: string } };

/** The version this tab runs: the manifest version React Router's own discovery requests carry. */
function tabVersion(): string | undefined {
  return (window as Window).__reactRouterManifest?.version;
}

/** A check gives up after this long: a replica that hangs must not hold a click or a post. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * The version of the replica that answers, or undefined when none says (offline, an older server, a 503, no answer
 * within CHECK_TIMEOUT_MS, `signal` aborted).
 */
async function serverVersion(signal?: AbortSignal): Promise<string | undefined> {
  try {
    const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    // Without AbortSignal.any (Chrome before 116, Firefox before 124, Safari before 17.4), the time limit alone.
    signal = signal && AbortSignal.any ? AbortSignal.any([signal, timeout]) : timeout;
    // With the tab's version: a server of another one answers with Clear-Site-Data, so that nothing this tab
    // kept of its version (a page's data, fresh for a few seconds) is used by the version it moves to. The
    // answer is `no-store`, so the browser never keeps it.
    const response = await fetch(`${VERSION_PATH}?from=${tabVersion()}`, { signal });
    if (!response.ok) return undefined;
    const { version } = (await response.json()) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** How long a check made on intent answers for a navigation to the page it was made for. */
const INTENT_CHECK_MS = 5_000;
/** The last check made on intent, and the page intended (its path and query). */
let intentCheck: { page: string; at: number; version: Promise<string | undefined> } | undefined;

/**
 * Asks the server its version when the shopper shows intent to open a page (the mouse resting on a link, focus,
 * touch: app/components/shell/Prefetch), at the moment that page's data is prefetched, so that the click which
 * follows within a few seconds waits for no request of its own and the check is as old as the data it vouches
 * for. A check without an answer (timed out, refused) is kept too: the navigation then goes ahead, as it does
 * whenever the server does not say.
 */
export function checkVersionOnIntent(page: string): void {
  if (import.meta.env.DEV || tabVersion() === undefined || recentIntentCheck(page)) return;
  intentCheck = { page, at: performance.now(), version: serverVersion() };
}

function recentIntentCheck(page: string): Promise<string | undefined> | undefined {
  return intentCheck?.page === page && performance.now() - intentCheck.at < INTENT_CHECK_MS
    ? intentCheck.version
    : undefined;
}

/**
 * Whether this navigation should leave the tab's code: the server (its answer to `check`) runs another version and
 * the guard allows it.
 */
async function mustReload(tab: string, check: Promise<string | undefined>): Promise<boolean> {
  const server = await check;
  if (server === undefined) return false;
  const storage = sessionStorageOrNull();
  if (server === tab) {
    storage?.removeItem(GUARD_KEY);
    return false;
  }
  if (storage?.getItem(GUARD_KEY) === tab) return false;
  storage?.setItem(GUARD_KEY, tab);
  return true;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Sends a submission as the browser would without JavaScript: a form of the same fields, posted to the same
 * action. The server answers it with the whole page (every form here works without JavaScript).
 */
async function submitAsDocument(request: Request): Promise<void> {
  const form = document.createElement('form');
  form.method = 'post';
  const url = new URL(request.url);
  form.action = url.pathname + url.search;
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) form.enctype = 'multipart/form-data';
  form.hidden = true;
  for (const [name, value] of await request.formData()) {
    const input = document.createElement('input');
    input.name = name;
    if (typeof value === 'string') {
      input.type = 'hidden';
      input.value = value;
    } else {
      input.type = 'file';
      const files = new DataTransfer();
      files.items.add(value);
      input.files = files.files;
    }
    form.append(input);
  }
  document.body.append(form);
  // The prototype's submit: a field named "submit" would shadow the form's own.
  HTMLFormElement.prototype.submit.call(form);
}

/**
 * For the next few seconds this browser's requests skip shared caches that honour the cookie (nginx here:
 * deploy/nginx/nginx.conf): the document it goes to is the fleet's current version, not a copy a cache stored
 * from the version being left.
 */
function askForFreshCopies(): void {
  document.cookie = `${FRESH_COOKIE}=1; Max-Age=10; Path=/; SameSite=Lax`;
}

/** The document is leaving: the client-side navigation never completes. */
const never = () => new Promise<never>(() => {});

/**
 * The page on show, its path and query as the router last rendered it (the root layout says: `pageShown`). Not
 * `window.location`: it has the hash, which React Router's requests do not, and on Back or Forward the browser has
 * moved it to the page being loaded before the router asks for its data.
 */
let shown: string | undefined;

export function pageShown(page: string): void {
  shown = page;
}

/**
 * A route's data that did not come through the network: the connection failed (every browser's fetch throws a
 * TypeError), or a gateway answered with one of `statuses` (React Router makes an error response of an answer that
 * is not the app's; the app itself never sends 502 or 504, and 503 is the server's busy page, 0019).
 */
const gotNoAnswer = ({ type, result }: DataStrategyResult, statuses: number[]) =>
  type === 'error' &&
  (result instanceof TypeError ||
    // An action's TypeError comes wrapped in React Router's `data()`.
    (result as { data?: unknown } | undefined)?.data instanceof TypeError ||
    (isRouteErrorResponse(result) && statuses.includes(result.status)));

/**
 * What a form's action answers, for the page, when its post got no answer: the connection failed, a gateway answered
 * 502 or 504, or the server was too busy (503). The page stays, what was typed with it, and the form says so
 * (FormStatus); the post is not sent again (the server may have had it), and its status, 503, keeps React Router from
 * loading the page's data again, which would fail too (0033).
 */
export const UNANSWERED = { unanswered: true } as const;

/**
 * A navigation goes as a document navigation when the tab runs another version than the server's, or when its data
 * did not come through the network (0033), as React Router itself does when a route's module fails to load: the
 * browser then shows the page once the network is back, or its own offline page with its retry, instead of the
 * error boundary under an address that already names the page it could not show. Never a load of the page on show
 * (hydration, the revalidation after a post: a document load could fail the same way again and again), and never
 * in development, where a loader's own TypeError comes to the browser as one. A fetcher's load (the app has none)
 * would be taken for a navigation. A post that got no answer keeps its page instead (UNANSWERED).
 */
export const toDocumentWhenNeeded: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const tab = tabVersion();
  if (import.meta.env.DEV || tab === undefined) return next();
  if (request.method !== 'GET') {
    // A submission is checked before it is sent, so that it reaches the server once, as a document post if needs be.
    if (await mustReload(tab, serverVersion(request.signal))) {
      askForFreshCopies();
      await submitAsDocument(request);
      return never();
    }
    const results = await next();
    for (const [route, result] of Object.entries(results))
      if (gotNoAnswer(result, [502, 503, 504]))
        results[route] = { type: 'data', result: data(UNANSWERED, { status: 503 }) };
    return results;
  }
  // A revalidation of the page itself (after a client-side post) stays: its answer's notice would be lost.
  const { pathname, search } = new URL(request.url);
  const page = pathname + search;
  if (page === (shown ?? location.pathname + location.search)) return next();
  // The navigation fetches its data meanwhile: the check costs no time when the versions agree. One made on
  // intent a moment ago (a hover before this click) is as good, and already under way or answered.
  const reload = mustReload(tab, recentIntentCheck(page) ?? serverVersion(request.signal));
  const result = await next();
  const otherVersion = await reload;
  if (otherVersion) askForFreshCopies();
  // Not on a 503, whose Retry-After a document load at once would ignore.
  if (otherVersion || Object.values(result).some((one) => gotNoAnswer(one, [502, 504])))
    throw redirectDocument(request.url);
  return result;
};
