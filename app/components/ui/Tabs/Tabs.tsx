import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
 * titles as links to panels that are all visible, so every panel's content is reachable without
 * JavaScript; once hydrated the links become tabs and only the selected panel shows. A link elsewhere on
 * the page to a panel's id selects that panel.
 */
export function Tabs({ id, label, items, defaultTab, className }: TabsProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [selected, setSelected] = useState(defaultTab);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  // The default panel comes first: before hydration every panel shows, and hiding the others then moves
  // nothing above the one that stays.
  const panels = [...items.filter((item) => item.id === defaultTab), ...items.filter((item) => item.id !== defaultTab)];
  const panelId = (itemId: string) => `${id}-${itemId}`;
  const tabId = (itemId: string) => `${id}-${itemId}-tab`;

  useEffect(() => {
    setEnhanced(true);
    const selectFromHash = () => {
      const item = items.find((candidate) => `#${panelId(candidate.id)}` === window.location.hash);
      if (item) setSelected(item.id);
    };
    selectFromHash();
    window.addEventListener('hashchange', selectFromHash);
    return () => window.removeEventListener('hashchange', selectFromHash);
    // The ids are fixed for the life of the component, so this runs once.
  }, []);

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

  if (!enhanced) {
    return (
      <div className={[styles.root, className].filter(Boolean).join(' ')}>
        <ul className={styles.list} aria-label={label}>
          {items.map((item) => (
            <li key={item.id} className={styles.listItem}>
              <a
                id={tabId(item.id)}
                href={`#${panelId(item.id)}`}
                className={styles.tab}
                data-selected={item.id === selected || undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        {panels.map((item) => (
          <section key={item.id} id={panelId(item.id)} aria-labelledby={tabId(item.id)} className={styles.panel}>
            {item.content}
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
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
      {panels.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          aria-labelledby={tabId(item.id)}
          tabIndex={0}
          hidden={item.id !== selected}
          className={styles.panel}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
