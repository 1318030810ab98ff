import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
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
  const [enhanced, setEnhanced] = useState(false);
  const [selected, setSelected] = useState(defaultTab);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  /** The tab to focus once the titles have become tabs. */
  const refocus = useRef<string | undefined>(undefined);
  const panelId = (itemId: string) => `${id}-${itemId}`;
  const tabId = (itemId: string) => `${id}-${itemId}-tab`;

  useEffect(() => {
    // A keyboard user on a tab title keeps focus when the titles become tabs: it goes to the selected tab.
    const hadFocus = items.some((item) => document.activeElement?.id === tabId(item.id));
    const fromHash = items.find((candidate) => `#${panelId(candidate.id)}` === window.location.hash);
    const current = fromHash?.id ?? defaultTab;
    setSelected(current);
    setEnhanced(true);
    if (hadFocus) refocus.current = current;

    // A link to a panel (the "1 Review" link, or back and forward) selects it. The click shows the panel
    // before the browser follows the link, so the browser scrolls to it; following the same link twice
    // fires no hashchange, hence the click.
    const panelFor = (hash: string) => items.find((candidate) => `#${panelId(candidate.id)}` === hash);
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
      const item = link ? panelFor(link.getAttribute('href')!) : undefined;
      if (item) flushSync(() => setSelected(item.id));
    };
    const onHashChange = () => {
      const item = panelFor(window.location.hash);
      if (item) setSelected(item.id);
    };
    document.addEventListener('click', onClick);
    window.addEventListener('hashchange', onHashChange);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('hashchange', onHashChange);
    };
    // The ids are fixed for the life of the component, so this runs once.
  }, []);

  useEffect(() => {
    if (!enhanced || refocus.current === undefined) return;
    tabRefs.current.get(refocus.current)?.focus();
    refocus.current = undefined;
  }, [enhanced]);

  const select = (itemId: string) => {
    setSelected(itemId);
    tabRefs.current.get(itemId)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
    <div id={id} className={[styles.root, className].filter(Boolean).join(' ')} data-static={enhanced ? undefined : true}>
      {enhanced ? (
        <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
          {items.map((item) => {
            const isSelected = item.id === selected;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  if (element) tabRefs.current.set(item.id, element);
                  else tabRefs.current.delete(item.id);
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-controls={panelId(item.id)}
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                className={styles.tab}
                onClick={() => setSelected(item.id)}
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
              <a id={tabId(item.id)} href={`#${panelId(item.id)}`} className={styles.tab} data-selected={item.id === defaultTab || undefined}>
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
