import { useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { cx } from '../../../lib/class-names';
import { useHydrated } from '../../../lib/use-hydrated';
import * as styles from './Tabs.css';

export type TabItem = {
  /** Unique within the tab set; the panel's element id is `${TabsProps.id}-${id}`. */
  id: string;
  label: ReactNode;
  content: ReactNode;
};

export type TabsProps = {
  /** Prefix of the tab and panel ids, unique on the page. */
  id: string;
  /** Accessible name of the tab list. */
  label: string;
  items: TabItem[];
  /** The item shown first. */
  defaultTab: string;
  className?: string;
};

/**
 * The WAI-ARIA tabs pattern (automatic activation; arrow keys, Home and End). The server renders the tab
 * titles as links to their panels, which switch with CSS `:target`, the default panel showing until a link
 * targets another: every panel is reachable without JavaScript, and the page looks the same before and
 * after hydration. Once hydrated the links become tabs. A link elsewhere on the page to a panel's id selects
 * that panel. The wrapper gets `id`.
 */
export function Tabs({ id, label, items, defaultTab, className }: TabsProps) {
  // Once hydrated, the titles become tabs, showing the panel the URL's hash names until the shopper chooses another.
  const enhanced = useHydrated();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  /** The tab to focus once the titles have become tabs. */
  const refocus = useRef<string | undefined>(undefined);
  const panelId = (itemId: string) => `${id}-${itemId}`;
  const tabId = (itemId: string) => `${id}-${itemId}-tab`;
  const panelFor = (href: string | null | undefined) => items.find((item) => `#${panelId(item.id)}` === href);
  // Read on the client's first render: the server has no hash, and nothing rendered depends on the
  // selection until the titles have become tabs, so hydration still matches the server's HTML.
  const [selected, setSelected] = useState(() =>
    typeof window === 'undefined' ? defaultTab : (panelFor(window.location.hash)?.id ?? defaultTab),
  );

  // A keyboard user on a tab title keeps focus when the titles become tabs: it goes to the selected tab.
  // Checked after hydration, before the titles are replaced.
  const keepFocus = useEffectEvent(() => {
    if (items.some((item) => document.activeElement?.id === tabId(item.id))) {
      refocus.current = selected;
    }
  });
  // A link to a panel (the "1 Review" link) selects it, every time. The panel shows before the browser
  // follows the link, so the browser scrolls to it.
  const onDocumentClick = useEffectEvent((event: MouseEvent) => {
    const item = panelFor((event.target as Element).closest?.('a')?.getAttribute('href'));
    if (item) flushSync(() => setSelected(item.id));
  });
  useLayoutEffect(() => {
    keepFocus();
    const onClick = (event: MouseEvent) => onDocumentClick(event);
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  const select = (itemId: string) => {
    setSelected(itemId);
    tabRefs.current.get(itemId)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(items[target]!.id);
  };

  return (
    <div id={id} className={cx(styles.root, className)} data-static={enhanced ? undefined : true}>
      {enhanced ? (
        <div role="tablist" aria-label={label} className={styles.list}>
          {items.map((item) => {
            const isSelected = item.id === selected;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  if (!element) return void tabRefs.current.delete(item.id);
                  tabRefs.current.set(item.id, element);
                  if (refocus.current === item.id) {
                    element.focus();
                    refocus.current = undefined;
                  }
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-controls={panelId(item.id)}
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                className={styles.tab}
                onClick={() => setSelected(item.id)}
                onKeyDown={onKeyDown}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      ) : (
        <ul className={styles.list} aria-label={label}>
          {items.map((item) => (
            <li key={item.id} className={styles.listItem}>
              <a
                id={tabId(item.id)}
                href={`#${panelId(item.id)}`}
                className={styles.tab}
                data-selected={item.id === defaultTab || undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      {/* The panels stay the same elements through hydration, so nothing typed into them is lost. */}
      {items.map((item) => (
        <section
          key={item.id}
          id={panelId(item.id)}
          role={enhanced ? 'tabpanel' : undefined}
          aria-labelledby={tabId(item.id)}
          tabIndex={enhanced ? 0 : undefined}
          hidden={enhanced && item.id !== selected}
          data-default={item.id === defaultTab || undefined}
          className={styles.panel}
        >
          {item.content}
        </section>
      ))}
    </div>
  );
}
