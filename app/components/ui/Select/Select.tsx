import type { SelectHTMLAttributes } from 'react';
import * as styles from './Select.css';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  id: string;
  /** The visible label, tied to the field. */
  label: string;
  options: readonly SelectOption[];
  className?: string;
};

/** A native select with its label beside it; the platform does the rest. */
export function Select({ id, label, options, className, ...rest }: SelectProps) {
  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <span className={styles.control}>
        <select id={id} className={styles.select} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
