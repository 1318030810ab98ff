/**
 * The build's version, React Router's manifest version, told on every response (X-Storefront-Version) and
 * at /__version: a tab running another version asks before it navigates (app/lib/version-skew.ts), and an
 * operator or a test sees which version answered. See docs/decisions/0021-assets-across-versions.md.
 */
import type { RequestHandler } from 'express';
import { reads, refuseAllButReads } from './middleware.ts';

export const VERSION_HEADER = 'X-Storefront-Version';
/** Kept in step with app/lib/version-skew.ts, which asks it. */
export const VERSION_PATH = '/__version';

export function buildVersion(version: string): RequestHandler {
  return (req, res, next) => {
    res.setHeader(VERSION_HEADER, version);
    if (req.path !== VERSION_PATH) return next();
    if (!reads(req)) return refuseAllButReads(res);
    // Always the answer of the replica asked: never stored by a browser, the proxy or a CDN.
    res.set('Cache-Control', 'no-store');
    // A tab of another version (it says which) is about to move to this one: the browser drops what it cached of
    // the other version, such as a page's data still fresh (0023), before this version's code can use it. Only
    // when the shop's own page asks (its fetch says `same-origin`): another site's image or script pointing here
    // must not wipe a shopper's cache of the shop.
    const from = req.query.from;
    const ownPage = req.get('sec-fetch-site') === 'same-origin';
    if (ownPage && typeof from === 'string' && from !== '' && from !== version) res.set('Clear-Site-Data', '"cache"');
    res.json({ version });
  };
}
