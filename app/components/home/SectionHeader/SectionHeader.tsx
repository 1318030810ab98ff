import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as styles from './SectionHeader.css';

export type SectionHeaderProps = {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
  link?: { label: string; to: string };
  /** Extra controls at the end of the row (e.g. carousel arrows). */
  actions?: ReactNode;
};

/** A home section's heading row: eyebrow, h2, optional intro, a "View all" link and any controls. */
export function SectionHeader({ id, eyebrow, title, text, link, actions }: SectionHeaderProps) {
  return (
    <div className={styles.root}>
      <div className={styles.heading}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {text ? <p className={styles.text}>{text}</p> : null}
      </div>
      {link || actions ? (
        <div className={styles.actions}>
          {link ? (
            <Link to={link.to} className={styles.link}>
              {link.label}
              <span className={styles.linkContext}> {title}</span>
            </Link>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
