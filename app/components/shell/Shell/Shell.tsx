import type { ReactNode } from 'react';
import type { ShellData } from '../../../types/site';
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
        {data.copy.skipLink}
      </a>
      {/* One banner for both bars: the header bar's dropdowns are site header too, not content outside landmarks. */}
      <header>
        <TopNav brand={data.brand} links={data.topNav} menuLabel={data.copy.menu} />
        <HeaderBar categories={data.categories} cart={data.cart} cartLabel={data.cartLabel} copy={data.copy} />
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {title ? <PageHeader title={title} homeLabel={data.copy.home} /> : null}
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
