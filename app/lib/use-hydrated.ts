import { startTransition, useEffect, useState } from 'react';

/** Set once the page has hydrated: a component mounted after that starts hydrated. */
let pageHydrated = false;

/**
 * False in the server HTML and during hydration, true once React runs the page: for the few things that
 * should exist only without JavaScript (a submit button that JavaScript makes redundant) or only with it.
 *
 * It turns true in a transition, a render of its own that React interrupts as it needs, after hydration's
 * commit. (A `useSyncExternalStore` whose value differs from the server's, as this hook was, is re-rendered
 * synchronously within that commit's task: on the home page one task of 22–26 ms of CPU; see
 * docs/performance.md#where-the-blocking-time-comes-from.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    startTransition(() => {
      pageHydrated = true;
      setHydrated(true);
    });
  }, [hydrated]);
  return hydrated;
}
