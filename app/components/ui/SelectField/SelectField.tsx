import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';
import { FieldLabel } from '../FieldLabel/FieldLabel';

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> & {
  id: string;
  label: ReactNode;
  options: readonly string[];
  /** A first, empty choice such as "Select a country". */
  placeholder?: string;
  optional?: boolean;
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
  className,
  labelClassName,
  ...select
}: SelectFieldProps) {
  return (
    <div className={cx(form.field, className)}>
      <FieldLabel htmlFor={id} optional={optional} className={labelClassName}>
        {label}
      </FieldLabel>
      <select id={id} className={cx(form.control, form.select)} defaultValue={placeholder === undefined ? undefined : ''} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
