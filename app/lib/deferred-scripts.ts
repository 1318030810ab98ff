/**
 * Scripts fetched once the page has painted (docs/decisions/0022-first-paint-from-the-document.md).
 *
 * React Router's document preloads every module the page hydrates with (`<link rel="modulepreload">` in the
 * head) and imports them from a module script at the end of the body: the browser fetches them at once, at high
 * priority, beside what the page needs to paint. Every page works before it hydrates (links, forms, popovers,
 * tabs), so the scripts can wait: this takes the preload links and the module script out of the finished
 * document and adds a small script that puts them back once the page has painted and loaded.
 *
 * The module script stays where it was, as a data block of type DEFERRED_MODULE (the browser runs no such
 * script), and the loader runs a copy of its text: the page's policy allows that text by its hash, as it allowed
 * the original (app/lib/csp.ts). The preload links wait in a template, whose content the browser leaves alone;
 * the loader adds new links like them (with their integrity hashes). Links a script creates are not
 * parser-inserted, so the policy's 'strict-dynamic' lets them load; links the parser made, even moved by a
 * script, would need their hashes in the policy (0012).
 */

/** The type of the module script while it waits; app/lib/csp.ts hashes it like any module script. */
export const DEFERRED_MODULE = 'storefront/deferred-module';

const MODULE_SCRIPT_START = '<script type="module" async="">';
const SCRIPT_END = '</script>';
const MODULE_PRELOAD = '<link rel="modulepreload"';

/** How many preload links the loader adds in one task. */
export const PRELOADS_PER_TASK = 3;

/**
 * The loader. Once the page has painted its first content and everything it asked for has arrived (the load
 * event: its images), it adds the preload links, so the modules load in parallel, and runs the module script.
 * Adding a preload link starts its fetch, which costs the main thread about 0.35 ms of CPU here (four times
 * that on Lighthouse's slower CPU); a page has six to twelve of them, so they go in a few at a time, one task
 * each, then the module script in a task of its own: no task of the loader blocks the page for long
 * (docs/performance.md#where-the-blocking-time-comes-from).
 */
function loader(): string {
  const add = `p=>{const l=document.createElement("link");for(const a of p.attributes)l.setAttribute(a.name,a.value);document.head.append(l)}`;
  const run = `()=>{const s=document.createElement("script");s.type="module";s.text=document.querySelector('script[type="${DEFERRED_MODULE}"]').text;document.body.append(s)}`;
  const start = `()=>{const links=[...document.getElementById("storefront-preloads").content.children];const next=()=>{links.splice(0,${PRELOADS_PER_TASK}).forEach(${add});setTimeout(links.length?next:${run})};next()}`;
  return `<script>{const start=${start};let waits=2;const go=()=>--waits||start();addEventListener("load",go,{once:true});new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();go()}}).observe({type:"paint",buffered:true})}</script>`;
}

const DEFERRED_START = Buffer.from(`<script type="${DEFERRED_MODULE}">`);
const PRELOADS_START = Buffer.from(`</script><template id="storefront-preloads">`);
const PRELOADS_END = Buffer.from(`</template>${loader()}`);

/**
 * The document with its module script and module preloads run only after it has painted, as pieces of bytes
 * (each element whole in one piece, as app/lib/csp.ts reads them); the pieces are views of the document's own
 * bytes but for the few that replace the module script.
 */
export function deferScripts(page: Buffer): Buffer[] {
  const start = page.indexOf(MODULE_SCRIPT_START, 0, 'latin1');
  // React Router writes one module script; a document without it is left alone.
  if (start === -1 || page.indexOf(MODULE_SCRIPT_START, start + 1, 'latin1') !== -1) return [page];
  const textStart = start + MODULE_SCRIPT_START.length;
  const end = page.indexOf(SCRIPT_END, textStart, 'latin1');
  if (end === -1) return [page];
  const preloads: Buffer[] = [];
  /** The document from `from` to `to` without its preload links, which go to `preloads`. */
  const withoutPreloads = (from: number, to: number): Buffer[] => {
    const pieces: Buffer[] = [];
    for (let at = page.indexOf(MODULE_PRELOAD, from, 'latin1'); at !== -1 && at < to;) {
      const close = page.indexOf('>', at, 'latin1') + 1;
      if (close === 0 || close > to) break;
      pieces.push(page.subarray(from, at));
      preloads.push(page.subarray(at, close));
      from = close;
      at = page.indexOf(MODULE_PRELOAD, from, 'latin1');
    }
    pieces.push(page.subarray(from, to));
    return pieces;
  };
  const before = withoutPreloads(0, start);
  const after = withoutPreloads(end + SCRIPT_END.length, page.length);
  const deferred = Buffer.concat([
    DEFERRED_START,
    page.subarray(textStart, end),
    PRELOADS_START,
    ...preloads,
    PRELOADS_END,
  ]);
  return [...before, deferred, ...after].filter((piece) => piece.length > 0);
}
