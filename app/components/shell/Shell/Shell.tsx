import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ShellData } from '../../../types/site';
import { visuallyHidden } from '../../../styles/a11y.css';
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
  const announcer = useFocusOnNewPage();
  useClosingPopovers();
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {data.copy.skipLink}
      </a>
      {/* One banner for both bars: the header bar's dropdowns are site header too, not content outside landmarks. */}
      <header>
        <TopNav brand={data.brand} links={data.topNav} menuLabel={data.copy.menu} />
        <HeaderBar categories={data.categories} cart={data.cart} cartLabel={data.cartLabel} copy={data.copy} />
        <p ref={announcer} aria-live="polite" className={visuallyHidden} />
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
        year={data.year}
        legal={data.copy.legal}
      />
    </>
  );
}

/**
 * After a client-side navigation to another page, keyboard focus starts at the new page's content, as a screen
 * reader or the next Tab expects after a page load; otherwise it would stay on a link of the page left (gone) or
 * down in the footer, far from the top the page is scrolled to. Focus in the site header stays where it is: the
 * header does not change, and the top bar's next link stays one Tab away. A screen reader is then told the new
 * page's title instead, by the live region this returns the ref of (0031).
 */
function useFocusOnNewPage() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const announcer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const inHeader = document.activeElement?.closest('header');
    if (!inHeader) document.getElementById('main')?.focus({ preventScroll: true });
    if (announcer.current) announcer.current.textContent = inHeader ? document.title : '';
  }, [pathname]);
  return announcer;
}

/**
 * An open menu or panel (a popover) closes once focus moves outside it and its button, and when a link in it is
 * followed. The Popover API closes it on a click outside and on Escape, but not when Tab leaves it (the phone
 * menu would then cover the control focused next, WCAG 2.4.11), and a link followed on the client keeps the
 * document, which without JavaScript would have closed it. Each popover shares its parent with its button only
 * (a popover placed elsewhere, or one opened from inside another, needs more than this), and only `auto` ones
 * close so: a `manual` one is its owner's to close.
 */
function useClosingPopovers() {
  useEffect(() => {
    // A browser without the Popover API shows the panels inline, and would refuse the selector below.
    if (!HTMLElement.prototype.hidePopover) return;
    const close = (event: Event) => {
      const target = event.target as Element;
      for (const open of document.querySelectorAll<HTMLElement>('[popover=auto]:popover-open'))
        if (event.type === 'click' ? open.contains(target.closest('a')) : !open.parentElement?.contains(target))
          open.hidePopover();
    };
    document.addEventListener('focusin', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('focusin', close);
      document.removeEventListener('click', close);
    };
  }, []);
}
