import { Link } from 'react-router';
import * as styles from './PageHeader.css';

export type PageHeaderProps = { title: string };

/** The breadcrumb (Home › Title) and the page's one h1. */
export function PageHeader({ title }: PageHeaderProps) {
  return (
    <div className={styles.root}>
      <div className={styles.inner}>
        <nav aria-label="Breadcrumb">
          <ol className={styles.trail}>
            <li className={styles.crumb}>
              <Link to="/" className={styles.crumbLink}>
                Home
              </Link>
            </li>
            <li className={styles.crumb} aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
        <h1 className={styles.title}>{title}</h1>
      </div>
    </div>
  );
}
