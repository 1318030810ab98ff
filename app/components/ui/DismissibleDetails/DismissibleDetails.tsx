import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { Icon } from '../Icon/Icon';
import * as styles from './DismissibleDetails.css';

export type DismissibleDetailsProps = {
  summary: ReactNode;
  children: ReactNode;
  /** Details that share a name form an accordion: opening one closes the others, even without JavaScript. */
  name?: string;
  className?: string;
  summaryClassName?: string;
  panelClassName?: string;
};

/**
 * A disclosure built on <details>: a click or Enter/Space on the summary opens and closes it before (and
 * without) JavaScript. Once hydrated it also closes on a click outside it and on Escape, like a popover.
 */
export function DismissibleDetails({ summary, children, name, className, summaryClassName, panelClassName }: DismissibleDetailsProps) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('click', closeOnOutsideClick);
    details.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeOnOutsideClick);
      details.removeEventListener('keydown', closeOnEscape);
    };
  }, []);

  return (
    <details ref={ref} name={name} className={cx(styles.root, className)}>
      <summary className={cx(styles.summary, summaryClassName)}>
        {summary}
        <Icon name="chevronDown" size={18} className={styles.marker} />
      </summary>
      <div className={cx(styles.panel, panelClassName)}>{children}</div>
    </details>
  );
}
