import { useCallback, useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Whether a media query matches, following changes; without a query, always true. False on the server and
 * until the page has hydrated, so the first render matches the server's HTML; the real value follows in
 * useHydrated's transition, not synchronously within hydration's commit.
 */
export function useMediaQuery(query: string | undefined): boolean {
  const hydrated = useHydrated();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (query === undefined) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const serverValue = () => query === undefined;
  const clientValue = () => query === undefined || window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, hydrated ? clientValue : serverValue, serverValue);
}
