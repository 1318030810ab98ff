import type { DetailsHTMLAttributes, ReactNode, Ref } from 'react';
import { Icon } from '../Icon/Icon';
import * as styles from './Disclosure.css';

export type DisclosureProps = Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'open' | 'children'> & {
  /** What the always-visible toggle says. */
  summary: ReactNode;
  /** Open on first render; afterwards the user's choice stands. */
  defaultOpen?: boolean;
  summaryClassName?: string;
  contentClassName?: string;
  ref?: Ref<HTMLDetailsElement>;
  children: ReactNode;
};

/**
 * Show and hide a section with <details>/<summary>: it opens and closes by click, Enter and Space, and is
 * announced as expanded or collapsed, with or without JavaScript.
 */
export function Disclosure({
  summary,
  defaultOpen = false,
  className,
  summaryClassName,
  contentClassName,
  children,
  ...rest
}: DisclosureProps) {
  return (
    <details className={[styles.root, className].filter(Boolean).join(' ')} open={defaultOpen} {...rest}>
      <summary className={[styles.summary, summaryClassName].filter(Boolean).join(' ')}>
        <span className={styles.summaryText}>{summary}</span>
        <Icon name="chevronDown" size={18} className={styles.marker} />
      </summary>
      <div className={contentClassName}>{children}</div>
    </details>
  );
}
