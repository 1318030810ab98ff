import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes; without a query, always true. False on the server and
 * while hydrating, so the first render matches the server's HTML; the real value follows at once.
 */
export function useMediaQuery(query: string | undefined): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (query === undefined) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => query === undefined || window.matchMedia(query).matches,
    () => query === undefined,
  );
}
