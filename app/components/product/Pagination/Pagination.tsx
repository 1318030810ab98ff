import { Link } from 'react-router';
import { pageItems } from '../../../lib/pagination';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Icon } from '../../ui/Icon/Icon';
import * as styles from './Pagination.css';

export type PaginationProps = {
  /** The current page, from 1. */
  current: number;
  pageCount: number;
  /** The URL of a page: every page is a real link, so paging works without JavaScript. */
  hrefFor: (page: number) => string;
  /** How many consecutive page numbers to show around the current one. */
  range?: number;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
};

/**
 * Previous, a window of page numbers (with the first and last pages and gaps where pages are hidden) and
 * Next. The current page carries aria-current; at either end the step link is shown but disabled.
 */
export function Pagination({
  current,
  pageCount,
  hrefFor,
  range = 4,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={styles.root}>
      <ul className={styles.list}>
        <li>
          <StepLink
            to={current > 1 ? hrefFor(current - 1) : undefined}
            rel="prev"
            text={previousLabel}
            icon="chevronLeft"
          />
        </li>
        {pageItems(current, pageCount, range).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.position}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefFor(item.page)}
                className={styles.page}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === current ? 'page' : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          <StepLink
            to={current < pageCount ? hrefFor(current + 1) : undefined}
            rel="next"
            text={nextLabel}
            icon="chevronRight"
          />
        </li>
      </ul>
    </nav>
  );
}

type StepLinkProps = {
  to: string | undefined;
  rel: 'prev' | 'next';
  text: string;
  icon: 'chevronLeft' | 'chevronRight';
};

/** "Previous page" / "Next page"; on phones only the chevron shows, the name stays for screen readers. */
function StepLink({ to, rel, text, icon }: StepLinkProps) {
  const content = (
    <>
      {rel === 'prev' ? <Icon name={icon} size={18} /> : null}
      <span className={styles.stepText}>{text}</span>
      <span className={visuallyHidden}> page</span>
      {rel === 'next' ? <Icon name={icon} size={18} /> : null}
    </>
  );
  if (to === undefined) {
    // A link with nowhere to go: no href, so it is neither focusable nor clickable, and says it is disabled.
    return (
      // eslint-disable-next-line jsx-a11y/anchor-is-valid -- the WAI-ARIA disabled link: unfocusable and inert on purpose
      <a role="link" aria-disabled="true" className={styles.step}>
        {content}
      </a>
    );
  }
  return (
    <Link to={to} rel={rel} className={styles.step}>
      {content}
    </Link>
  );
}
