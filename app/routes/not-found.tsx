import { Link } from 'react-router';
import { notFoundText, pages } from '../../fixtures/site';
import { buttonStyle } from '../components/ui/Button/Button';
import { SearchBox } from '../components/ui/SearchBox/SearchBox';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/not-found';
import * as styles from './not-found.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.notfound, message: notFoundText };
}

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className={styles.root} aria-labelledby="not-found-message">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <p id="not-found-message" className={styles.message}>
        {loaderData.message}
      </p>
      <SearchBox id="not-found-search" label="Search Products" />
      <Link to="/" className={buttonStyle({ tone: 'primary' })}>
        Back to Home
      </Link>
    </section>
  );
}
