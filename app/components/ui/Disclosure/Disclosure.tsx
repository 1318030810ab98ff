import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from '../Icon/Icon';
import * as styles from './Disclosure.css';

export type DisclosureProps = {
  /** The always-visible title that opens and closes the content. */
  summary: ReactNode;
  children: ReactNode;
  /** Close when the user clicks anywhere outside it (and on Escape). */
  closeOnOutsideClick?: boolean;
  className?: string;
};

/**
 * A titled section that expands in place. It is a native <details>, so it opens and closes by mouse and
 * keyboard before (and without) JavaScript and its content is searchable; JavaScript only adds closing on
 * a click outside and on Escape.
 */
export function Disclosure({ summary, children, closeOnOutsideClick = true, className }: DisclosureProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = detailsRef.current;
    if (!details || !closeOnOutsideClick) return;
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
  }, [closeOnOutsideClick]);

  return (
    <details ref={detailsRef} className={[styles.root, className].filter(Boolean).join(' ')}>
      <summary className={styles.summary}>
        <span>{summary}</span>
        <Icon name="chevronDown" size={18} className={styles.marker} />
      </summary>
      <div className={styles.content}>{children}</div>
    </details>
  );
}
