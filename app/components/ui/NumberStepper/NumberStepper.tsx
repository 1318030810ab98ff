import { useRef, useState, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Icon } from '../Icon/Icon';
import * as styles from './NumberStepper.css';

export type NumberStepperProps = {
  id: string;
  name?: string;
  label: ReactNode;
  /** For a label that only assistive technology needs, e.g. under a visible column header. */
  labelClassName?: string;
  defaultValue?: number;
  min?: number;
  max?: number;
  /** Names of the − and + buttons; make them specific when several steppers share a page. */
  decreaseLabel?: string;
  increaseLabel?: string;
  /**
   * `form` lines up with the other form fields; `compact` sits beside a select at its height and marks
   * a button whose step cannot be taken (`aria-disabled`).
   */
  look?: 'form' | 'compact';
  className?: string;
};

/**
 * A number input between − and + buttons. The input alone works without JavaScript (typing, arrow keys);
 * the buttons step it once the page has hydrated. Where scripting is off they are hidden and the input shows
 * the browser's own arrows instead (CSS `scripting` media feature).
 */
export function NumberStepper({
  id,
  name,
  label,
  labelClassName,
  defaultValue = 1,
  min = 1,
  max = 99,
  decreaseLabel = 'Decrease',
  increaseLabel = 'Increase',
  look = 'form',
  className,
}: NumberStepperProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Followed only to mark a step that cannot be taken; the input keeps its own value. Marked, not disabled: a
  // button disabled under keyboard focus drops the focus to the page (stepping past min or max changes nothing).
  const [value, setValue] = useState(defaultValue);
  // What a button made of the value, read out by screen readers: focus stays on the button, so the input's own
  // change would go unannounced. Typing is not repeated here (screen readers echo keys themselves).
  const [stepped, setStepped] = useState('');
  const limits = look === 'compact';
  const step = (direction: 1 | -1) => {
    const input = inputRef.current;
    if (!input || (limits && (direction > 0 ? value >= max : value <= min))) return;
    if (direction > 0) input.stepUp();
    else input.stepDown();
    // Let listeners (and frameworks) see the change as if the user had typed it.
    input.dispatchEvent(new Event('input', { bubbles: true }));
    setStepped(input.value);
  };
  const iconSize = look === 'compact' ? 16 : 18;
  return (
    <div className={cx(styles.root, className)}>
      <label htmlFor={id} className={cx(styles.label[look], labelClassName)}>
        {label}
      </label>
      <div className={styles.stepper[look]}>
        <button
          type="button"
          className={styles.step[look]}
          aria-label={decreaseLabel}
          aria-controls={id}
          aria-disabled={(limits && value <= min) || undefined}
          onClick={() => step(-1)}
        >
          <Icon name="minus" size={iconSize} />
        </button>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          defaultValue={defaultValue}
          autoComplete="off"
          onInput={(event) => {
            setValue(Number(event.currentTarget.value));
            // Typed: the next button press says its value, even one said before (a button's step sets it after).
            setStepped('');
          }}
          className={styles.input}
        />
        <button
          type="button"
          className={styles.step[look]}
          aria-label={increaseLabel}
          aria-controls={id}
          aria-disabled={(limits && value >= max) || undefined}
          onClick={() => step(1)}
        >
          <Icon name="plus" size={iconSize} />
        </button>
      </div>
      <span role="status" className={visuallyHidden}>
        {stepped}
      </span>
    </div>
  );
}
