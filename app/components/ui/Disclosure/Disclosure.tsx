import { useEffect, useRef, type DetailsHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../../lib/class-names';
import { Icon } from '../Icon/Icon';
import * as styles from './Disclosure.css';

export type DisclosureProps = Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'open' | 'children'> & {
  /** What the always-visible toggle says. */
  summary: ReactNode;
  /** Open on first render; afterwards the user's choice stands. */
  defaultOpen?: boolean;
  /** Once hydrated, also close on a click outside it and on Escape, like a popover. */
  dismissible?: boolean;
  look?: keyof typeof styles.rootLook;
  summaryClassName?: string;
  contentClassName?: string;
  ref?: Ref<HTMLDetailsElement>;
  children: ReactNode;
};

/**
 * Show and hide a section with <details>/<summary>: it opens and closes by click, Enter and Space, and is
 * announced as expanded or collapsed, with or without JavaScript. Details that share a `name` form an
 * accordion (opening one closes the others), also without JavaScript.
 */
export function Disclosure({
  summary,
  defaultOpen = false,
  dismissible = false,
  look = 'plain',
  className,
  summaryClassName,
  contentClassName,
  ref,
  children,
  ...rest
}: DisclosureProps) {
  const detailsRef = useRef<HTMLDetailsElement | null>(null);
  useDismiss(detailsRef, dismissible);
  const setRef = (element: HTMLDetailsElement | null) => {
    detailsRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <details ref={setRef} className={cx(styles.root, styles.rootLook[look], className)} open={defaultOpen} {...rest}>
      <summary className={cx(styles.summary, styles.summaryLook[look], summaryClassName)}>
        <span className={styles.summaryText}>{summary}</span>
        <Icon name="chevronDown" size={18} className={styles.marker} />
      </summary>
      <div className={cx(styles.contentLook[look], contentClassName)}>{children}</div>
    </details>
  );
}

/** Closes an open <details> on a click outside it, and on Escape inside it (focus returns to its summary). */
function useDismiss(detailsRef: { current: HTMLDetailsElement | null }, enabled: boolean) {
  useEffect(() => {
    const details = detailsRef.current;
    if (!details || !enabled) return;
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
  }, [detailsRef, enabled]);
}
