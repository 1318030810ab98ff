import type { DetailsHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../../lib/class-names';
import { Icon } from '../Icon/Icon';
import * as styles from './Disclosure.css';

export type DisclosureProps = Omit<DetailsHTMLAttributes<HTMLDetailsElement>, 'open' | 'children'> & {
  /** What the always-visible toggle says. */
  summary: ReactNode;
  /** Open on first render; afterwards the user's choice stands. */
  defaultOpen?: boolean;
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
  look = 'plain',
  className,
  summaryClassName,
  contentClassName,
  ref,
  children,
  ...rest
}: DisclosureProps) {
  return (
    <details ref={ref} className={cx(styles.root, styles.rootLook[look], className)} open={defaultOpen} {...rest}>
      <summary className={cx(styles.summary, styles.summaryLook[look], summaryClassName)}>
        <span className={styles.summaryText}>{summary}</span>
        <Icon name="chevronDown" size={18} className={styles.marker} />
      </summary>
      <div className={cx(styles.contentLook[look], contentClassName)}>{children}</div>
    </details>
  );
}
