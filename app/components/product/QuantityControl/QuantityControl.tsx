import { useState } from 'react';
import { Icon } from '../../ui/Icon/Icon';
import * as styles from './QuantityControl.css';

export type QuantityControlProps = {
  id: string;
  label: string;
  defaultValue?: number;
  min?: number;
  max?: number;
};

/**
 * A number field between decrease and increase buttons. The field alone works without JavaScript; the
 * buttons step it once the page is hydrated. The quantity goes nowhere: the spec gives it no effect.
 */
export function QuantityControl({ id, label, defaultValue = 1, min = 1, max = 99 }: QuantityControlProps) {
  const [value, setValue] = useState(defaultValue);
  const clamp = (next: number) => Math.min(max, Math.max(min, next));
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.step}
          aria-label={`Decrease ${label.toLowerCase()}`}
          aria-controls={id}
          disabled={value <= min}
          onClick={() => setValue((current) => clamp(current - 1))}
        >
          <Icon name="minus" size={16} />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={value}
          onChange={(event) => setValue(clamp(Number(event.target.value) || min))}
          className={styles.input}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={`Increase ${label.toLowerCase()}`}
          aria-controls={id}
          disabled={value >= max}
          onClick={() => setValue((current) => clamp(current + 1))}
        >
          <Icon name="plus" size={16} />
        </button>
      </div>
    </div>
  );
}
