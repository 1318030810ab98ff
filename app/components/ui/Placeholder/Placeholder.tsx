import type { ReactNode } from 'react';
import * as styles from './Placeholder.css';

/** A screen's body while it is being built: a short line under the page title. */
export function Placeholder({ children }: { children: ReactNode }) {
  return <section className={styles.root}>{children}</section>;
}
