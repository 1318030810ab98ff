import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from '../../../lib/class-names';
import { FieldLabel } from '../FieldLabel/FieldLabel';
import { Icon } from '../Icon/Icon';
import * as styles from './SelectField.css';

/** A choice whose value and label differ; a plain string is both. */
export type SelectOption = { value: string; label: string };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> & {
  id: string;
  label: ReactNode;
  options: readonly (string | SelectOption)[];
  /** A first, empty choice such as "Select a country". */
  placeholder?: string;
  optional?: boolean;
  /** `form` (label above, full width), `inline` (label beside) or `compact` (a short field, bold label). */
  look?: 'form' | 'inline' | 'compact';
  className?: string;
  /** For a label that only assistive technology needs, e.g. under a visible column header. */
  labelClassName?: string;
};

/** A labelled native select: keyboard, touch and autofill behave as the platform does. */
export function SelectField({
  id,
  label,
  options,
  placeholder,
  optional,
  look = 'form',
  className,
  labelClassName,
  ...rest
}: SelectFieldProps) {
  const select = (
    <select id={id} className={styles.select[look]} defaultValue={placeholder === undefined ? undefined : ''} {...rest}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => {
        const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {text}
          </option>
        );
      })}
    </select>
  );
  return (
    <div className={cx(styles.root[look], className)}>
      <FieldLabel htmlFor={id} optional={optional} look={styles.label[look]} className={labelClassName}>
        {label}
      </FieldLabel>
      {look === 'form' ? (
        select
      ) : (
        <span className={styles.control[look]}>
          {select}
          {look === 'compact' ? <Icon name="chevronDown" size={16} className={styles.chevron} /> : null}
        </span>
      )}
    </div>
  );
}
