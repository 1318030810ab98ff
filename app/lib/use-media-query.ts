import { useEffect, useState } from 'react';

/**
 * Whether a media query matches, following changes; without a query, always true. False until hydrated,
 * so the first render matches the server's.
 */
export function useMediaQuery(query: string | undefined): boolean {
  const [matches, setMatches] = useState(query === undefined);
  useEffect(() => {
    if (query === undefined) return;
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
