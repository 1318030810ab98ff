import { useEffect, useRef } from 'react';
import { Disclosure, type DisclosureProps } from '../Disclosure/Disclosure';

export type DismissibleDisclosureProps = Omit<DisclosureProps, 'ref'>;

/**
 * A Disclosure that, once hydrated, also closes on a click outside it and on Escape (focus returns to its
 * summary), like a popover. Before hydration it is a plain <details>. Kept apart from Disclosure so pages
 * that need no dismissing do not ship the code.
 */
export function DismissibleDisclosure(props: DismissibleDisclosureProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const closeOnClickOutside = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('click', closeOnClickOutside);
    details.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeOnClickOutside);
      details.removeEventListener('keydown', closeOnEscape);
    };
  }, []);
  return <Disclosure ref={detailsRef} {...props} />;
}
