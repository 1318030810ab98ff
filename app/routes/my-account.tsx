import { Link, redirect } from 'react-router';
import { buttonStyle } from '../components/ui/Button/Button';
import { cx } from '../lib/class-names';
import { getAccountPages, getPage } from '../data/content.server';
import { pageMeta } from '../lib/meta';
import type { AccountTabId } from '../types/account';
import * as layout from '../styles/layout.css';
import type { RouteHandle } from '../root';
import type { Route } from './+types/my-account';
import * as styles from './my-account.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

/** The selected menu item lives in `?tab=`, so the highlight moves with or without JavaScript. */
export const handle: RouteHandle = { searchParams: ['tab'] };

/**
 * A tab the menu does not have, more than one, or the default one spelled out, redirects to the page itself: one
 * URL per state.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [account, page] = await Promise.all([getAccountPages(), getPage('myAccount')]);
  const requested = new URL(request.url).searchParams.getAll('tab');
  const tab: AccountTabId | undefined =
    requested.length === 0 ? account.defaultTab : account.menu.find((item) => item.id === requested.join())?.id;
  if (!tab || (requested.length > 0 && tab === account.defaultTab)) throw redirect(page.path);
  return { page, tab, ...account };
}

export default function MyAccountPage({ loaderData }: Route.ComponentProps) {
  const { tab, menu, menuLabel, logout, page, defaultTab } = loaderData;
  const current = menu.find((item) => item.id === tab)!;
  return (
    <div className={cx(layout.pageBody, layout.columns.aside)}>
      <nav aria-label={menuLabel} className={styles.nav}>
        <ul className={styles.menu}>
          {menu.map((item) => (
            <li key={item.id}>
              <Link
                to={item.id === defaultTab ? page.path : `${page.path}?tab=${item.id}`}
                aria-current={item.id === tab ? 'page' : undefined}
                preventScrollReset
                className={styles.menuLink}
              >
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to={logout.to} className={styles.menuLink}>
              {logout.label}
            </Link>
          </li>
        </ul>
      </nav>
      <section className={styles.panel} aria-labelledby="account-panel-heading">
        <h2 id="account-panel-heading" className={layout.sectionHeading}>
          {current.label}
        </h2>
        <AccountPanel tab={tab} panels={loaderData.panels} logout={logout} />
      </section>
    </div>
  );
}

type AccountData = Awaited<ReturnType<typeof getAccountPages>>;

type AccountPanelProps = { tab: AccountTabId; panels: AccountData['panels']; logout: AccountData['logout'] };

function AccountPanel({ tab, panels, logout }: AccountPanelProps) {
  switch (tab) {
    case 'dashboard': {
      const { greeting, notYou, text } = panels.dashboard;
      return (
        <>
          <p className={styles.greeting}>
            {greeting}{' '}
            <span className={styles.muted}>
              ({notYou} <Link to={logout.to}>{logout.label}</Link>)
            </span>
          </p>
          <p>{text}</p>
        </>
      );
    }
    case 'others':
      return <p>{panels.others.text}</p>;
    case 'downloads':
      return (
        <>
          <p>{panels.downloads.text}</p>
          <div>
            <Link to={panels.downloads.action.to} className={buttonStyle({ tone: 'secondary' })}>
              {panels.downloads.action.label}
            </Link>
          </div>
        </>
      );
    case 'addresses':
      return (
        <>
          <p>{panels.addresses.text}</p>
          <div className={styles.cards}>
            {panels.addresses.entries.map((entry) => (
              <div key={entry.heading} className={layout.panel}>
                <h3 className={styles.cardHeading}>{entry.heading}</h3>
                <address className={styles.address}>
                  {entry.lines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </div>
            ))}
          </div>
        </>
      );
    case 'details':
      return (
        <>
          <p>{panels.details.text}</p>
          <dl className={styles.details}>
            {panels.details.entries.map((entry) => (
              <div key={entry.label} className={styles.detail}>
                <dt className={styles.term}>{entry.label}</dt>
                <dd className={styles.value}>{entry.value}</dd>
              </div>
            ))}
          </dl>
        </>
      );
  }
}
