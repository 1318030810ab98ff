import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import * as styles from './Dropdown.css';

export type DropdownProps = {
  /** Unique id of the panel; the trigger points at it. */
  id: string;
  /** The trigger's content (text or an icon with a visually hidden label). */
  trigger: ReactNode;
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  triggerClassName?: string;
  children: ReactNode;
};

const supportsAnchoring = () => typeof CSS !== 'undefined' && CSS.supports('position-area: bottom');

/**
 * A button that shows a panel below it. The popover's invoker is its implicit anchor, so CSS places the
 * panel under the trigger without inline styles (which the CSP forbids). It is built on the Popover API, so it opens, closes on a click
 * outside and on Escape, and returns focus, all before (and without) JavaScript.
 */
export function Dropdown({ id, trigger, align = 'end', triggerClassName, children }: DropdownProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Browsers without CSS anchor positioning get the panel placed from the trigger's box.
  useEffect(() => {
    const panel = panelRef.current;
    const button = triggerRef.current;
    if (!panel || !button || supportsAnchoring()) return;
    const place = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'open') return;
      const box = button.getBoundingClientRect();
      panel.style.top = `${box.bottom}px`;
      if (align === 'end') panel.style.right = `${Math.max(8, window.innerWidth - box.right)}px`;
      else panel.style.left = `${Math.max(8, box.left)}px`;
    };
    panel.addEventListener('toggle', place);
    return () => panel.removeEventListener('toggle', place);
  }, [align]);

  // A link inside the panel navigates on the client without a reload, so close the panel ourselves.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) panelRef.current?.hidePopover();
  };

  return (
    <div className={styles.root}>
      <button
        ref={triggerRef}
        type="button"
        className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}
        popoverTarget={id}
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        className={[styles.panel, align === 'start' ? styles.alignStart : ''].filter(Boolean).join(' ')}
        onClick={closeOnLink}
      >
        {children}
      </div>
    </div>
  );
}
