import { useRef, type MouseEvent, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
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

/**
 * A button that shows a panel below it. It is built on the Popover API, so it opens, closes on a click
 * outside and on Escape, and returns focus, all before (and without) JavaScript. The popover's invoker is
 * its implicit anchor, so CSS places the panel under the trigger, without script or inline styles.
 */
export function Dropdown({ id, trigger, align = 'end', triggerClassName, children }: DropdownProps) {
  const panelRef = useRef<HTMLDivElement>(null);

  // A link inside the panel navigates on the client without a reload, so close the panel ourselves.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('a')) panelRef.current?.hidePopover();
  };

  return (
    <div className={styles.root}>
      <button type="button" className={cx(styles.trigger, triggerClassName)} popoverTarget={id}>
        {trigger}
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the click is delegated from the links inside, which keys operate themselves (Enter clicks a link); the panel is no control of its own */}
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        className={cx(styles.panel, align === 'start' ? styles.alignStart : '')}
        onClick={closeOnLink}
      >
        {children}
      </div>
    </div>
  );
}
