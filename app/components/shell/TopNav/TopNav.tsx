import { useEffect, useRef, useState, type RefObject } from 'react';
import { NavLink } from 'react-router';
import type { NavLink as NavLinkData } from '../../../types/site';
import { paths } from '../../../paths';
import { breakpoints } from '../../../styles/media';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Icon } from '../../ui/Icon/Icon';
import * as styles from './TopNav.css';

export type TopNavProps = { brand: string; links: NavLinkData[]; menuLabel: string };

const MENU_ID = 'site-menu';

/** Closes the phone menu (the shell closes it when focus leaves it or a link in it is followed). */
function closeMenu(menuRef: RefObject<HTMLUListElement | null>) {
  if (menuRef.current?.matches(':popover-open')) menuRef.current.hidePopover();
}

/** The brand and the six main links; below 1024px the links fold behind a menu button (a popover). */
export function TopNav({ brand, links, menuLabel }: TopNavProps) {
  const menuRef = useRef<HTMLUListElement>(null);

  // The menu state is recomputed when the window crosses 1024px: it is closed by default below it.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${breakpoints.lg}px)`);
    const close = () => closeMenu(menuRef);
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);

  // Escape hides the tooltip shown by hover or focus without moving either (WCAG 1.4.13); it shows again when the
  // pointer comes back to the link or focus does (an Escape that closed a panel elsewhere hides nothing then). A
  // tooltip on show in the open phone menu takes that Escape for itself: the menu (a popover) stays open, for the
  // next one. (Shown in the top bar, it leaves the Escape to whatever else is open: a dropdown, say.)
  const [tooltipDismissed, setTooltipDismissed] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if ([...document.querySelectorAll(':popover-open [role=tooltip]')].some((tooltip) => tooltip.checkVisibility())) {
        event.preventDefault();
      }
      setTooltipDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const showTooltipAgain = () => setTooltipDismissed(false);

  return (
    <div className={styles.root}>
      <div className={styles.inner}>
        <NavLink to={paths.home} className={styles.brand}>
          {brand}
        </NavLink>
        <nav aria-label="Main">
          <button type="button" className={styles.menuButton} popoverTarget={MENU_ID}>
            <Icon name="menu" size={22} />
            <span className={visuallyHidden}>{menuLabel}</span>
          </button>
          <ul id={MENU_ID} ref={menuRef} popover="auto" className={styles.links}>
            {links.map(({ label, to, tooltip }) => {
              const tooltipId = tooltip ? `tooltip-${to.slice(1)}` : undefined;
              return (
                <li key={to} className={styles.item} onMouseEnter={tooltip ? showTooltipAgain : undefined}>
                  <NavLink
                    to={to}
                    end
                    className={styles.link}
                    aria-describedby={tooltipId}
                    onFocus={tooltip ? showTooltipAgain : undefined}
                  >
                    {label}
                  </NavLink>
                  {tooltip ? (
                    <span
                      role="tooltip"
                      id={tooltipId}
                      className={styles.tooltip}
                      data-dismissed={tooltipDismissed || undefined}
                    >
                      {tooltip}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </div>
  );
}
