import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import * as layout from '../../../styles/layout.css';
import * as styles from './PageSection.css';

export type PageSectionProps = {
  /** The heading's id, which names the section. */
  headingId: string;
  heading: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A section of a page named by its heading, with an optional line of introduction before its content. */
export function PageSection({ headingId, heading, intro, className, children }: PageSectionProps) {
  return (
    <section className={cx(styles.root, className)} aria-labelledby={headingId}>
      <h2 id={headingId} className={layout.sectionHeading}>
        {heading}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {children}
    </section>
  );
}
