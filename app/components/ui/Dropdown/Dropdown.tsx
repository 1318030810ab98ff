import type { ReactNode } from 'react';
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
 * its implicit anchor, so CSS places the panel under the trigger, without script or inline styles. The shell
 * closes it when focus leaves it or a link in it is followed (Shell's useClosingPopovers).
 */
export function Dropdown({ id, trigger, align = 'end', triggerClassName, children }: DropdownProps) {
  return (
    <div className={styles.root}>
      <button type="button" className={cx(styles.trigger, triggerClassName)} popoverTarget={id}>
        {trigger}
      </button>
      <div id={id} popover="auto" className={cx(styles.panel, align === 'start' ? styles.alignStart : '')}>
        {children}
      </div>
    </div>
  );
}
