import type { ReactNode } from 'react';
import type { ShellData } from '../../../../fixtures/shell';
import { Footer } from '../Footer/Footer';
import { HeaderBar } from '../HeaderBar/HeaderBar';
import { PageHeader } from '../PageHeader/PageHeader';
import { TopNav } from '../TopNav/TopNav';
import * as styles from './Shell.css';

export type ShellProps = {
  data: ShellData;
  /** The page's title for the breadcrumb and h1; none on the home page. */
  title?: string;
  children: ReactNode;
};

/** The four parts of every page: top navigation, header bar, the page, footer. */
export function Shell({ data, title, children }: ShellProps) {
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <TopNav brand={data.brand} links={data.topNav} />
      <HeaderBar categories={data.categories} cart={data.cart} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {title ? <PageHeader title={title} /> : null}
        {children}
      </main>
      <Footer
        brand={data.brand}
        tagline={data.tagline}
        contact={data.contact}
        columns={data.footerColumns}
        social={data.socialLinks}
      />
    </>
  );
}
