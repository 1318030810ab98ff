import { Link } from 'react-router';
import { paths } from '../../../paths';
import * as styles from './PageHeader.css';

export type PageHeaderProps = { title: string; homeLabel: string };

/** The breadcrumb (Home › Title) and the page's one h1. */
export function PageHeader({ title, homeLabel }: PageHeaderProps) {
  return (
    <div className={styles.root}>
      <div className={styles.inner}>
        <nav aria-label="Breadcrumb">
          <ol className={styles.trail}>
            <li className={styles.crumb}>
              <Link to={paths.home} className={styles.crumbLink}>
                {homeLabel}
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
