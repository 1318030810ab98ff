import { getJournal, getPage } from '../data/content.server';
import { cx } from '../lib/class-names';
import { formatLongDate } from '../lib/dates';
import { pageMeta } from '../lib/meta';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/journal';
import * as styles from './journal.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('journal'), ...(await getJournal()) };
}

export default function JournalPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className={layout.pageBody}>
      <p className={styles.intro}>{loaderData.intro}</p>
      <ul className={styles.list}>
        {loaderData.articles.map((article, index) => (
          <li key={article.id} className={index === 0 ? styles.featured : undefined}>
            <article
              className={cx(styles.article, index === 0 && styles.featuredArticle)}
              aria-labelledby={`${article.id}-title`}
            >
              <img
                src={article.image.src}
                alt={article.image.alt}
                width={article.image.width}
                height={article.image.height}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                className={styles.image}
              />
              <div className={styles.body}>
                <p className={layout.eyebrow}>{article.category}</p>
                <h2 id={`${article.id}-title`} className={styles.title}>
                  {article.title}
                </h2>
                <p className={styles.meta}>
                  <time dateTime={article.date}>{formatLongDate(article.date)}</time>
                  {' · '}
                  {article.author}
                </p>
                <p className={styles.excerpt}>{article.excerpt}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
