import { useRef, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { FieldLabel } from '../FieldLabel/FieldLabel';
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
  className?: string;
};

/**
 * A number input between − and + buttons. The input alone works without JavaScript (typing, arrow keys);
 * the buttons step it once the page has hydrated.
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
  className,
}: NumberStepperProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const step = (direction: 1 | -1) => {
    const input = inputRef.current;
    if (!input) return;
    if (direction > 0) input.stepUp();
    else input.stepDown();
    // Let listeners (and frameworks) see the change as if the user had typed it.
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return (
    <div className={cx(styles.root, className)}>
      <FieldLabel htmlFor={id} className={labelClassName}>
        {label}
      </FieldLabel>
      <div className={styles.controls}>
        <button type="button" className={styles.button} aria-label={decreaseLabel} aria-controls={id} onClick={() => step(-1)}>
          <Icon name="minus" size={18} />
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
          className={styles.input}
        />
        <button type="button" className={styles.button} aria-label={increaseLabel} aria-controls={id} onClick={() => step(1)}>
          <Icon name="plus" size={18} />
        </button>
      </div>
    </div>
  );
}
