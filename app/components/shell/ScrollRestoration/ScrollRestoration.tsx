import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router';

/** Where the scroll positions of the tab's history entries are kept, by the script and by React Router's hook. */
const STORAGE_KEY = 'react-router-scroll-positions';

/**
 * React Router's scroll restoration script with two changes. First, it reads `sessionStorage` only for a history
 * entry the tab has seen before (a reload, back or forward to a document). A new entry gets a new random key, under
 * which nothing can be stored, so on a shopper's first view of a page React Router's script read the storage
 * for nothing; and the first read of `sessionStorage` in a page is a synchronous call to the browser process,
 * made while the document is parsed, usually before its first paint (up to 18 ms of waiting in Lighthouse's
 * traces here; docs/decisions/0027). React Router reads the stored positions again once the page has hydrated,
 * for the navigations after it.
 *
 * Second, a history entry the browser makes itself, for an in-page link it follows (the skip link, the
 * about page's Our Brand), has no state, so React Router gave every such entry one key, `default`, and with it
 * one saved scroll position between them. The script gives each a key of its own as it is made (its `popstate`
 * listener runs before React Router's, which is added at hydration).
 */
const RESTORE_SCROLL = import.meta.env.SSR
  ? `{const k=history.state&&history.state.key,n=()=>history.replaceState({key:Math.random().toString(32).slice(2)},"");` +
    `if(k){try{const y=JSON.parse(sessionStorage.getItem("${STORAGE_KEY}")||"{}")[k];if(typeof y==="number")scrollTo(0,y)}` +
    `catch(e){console.error(e);sessionStorage.removeItem("${STORAGE_KEY}")}}` +
    `else n();addEventListener("popstate",()=>{history.state||n()})}`
  : // Run before hydration: the browser's bundle need not carry it (React leaves the script as the server sent it).
    '';

/**
 * In place of React Router's `<ScrollRestoration>`: the same client behaviour (its hook, given the same storage
 * key: positions saved as the page is left, restored on back and forward), and before hydration the script
 * above instead of its own. What React Router's component has and this one leaves out is what the shop does not
 * use: `getKey` (and the server-side key it implies), a `nonce` (the policy allows inline scripts by hash,
 * 0012) and SPA mode (the shop renders on the server).
 */
export function ScrollRestoration() {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCROLL }} />;
}
