import { Link } from 'react-router';
import { buttonStyle } from '../components/ui/Button/Button';
import { SearchBox } from '../components/ui/SearchBox/SearchBox';
import { getNotFound, getPage } from '../data/content.server';
import { pageMeta } from '../lib/meta';
import { paths } from '../paths';
import type { Route } from './+types/not-found';
import * as styles from './not-found.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('notfound'), ...(await getNotFound()) };
}

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  return (
    // No landmark of its own: named by the message, a screen reader's list of landmarks read the whole sentence.
    <section className={styles.root}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <p className={styles.message}>{loaderData.message}</p>
      <SearchBox id="not-found-search" label={loaderData.search} name={loaderData.searchName} />
      <Link to={paths.home} className={buttonStyle({ tone: 'primary' })}>
        {loaderData.back}
      </Link>
    </section>
  );
}
