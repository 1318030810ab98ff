import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  className?: string;
};

/** A checkbox with its label beside it; the whole line is the click target. */
export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  return (
    <label className={cx(form.choice, className)}>
      <input type="checkbox" className={form.choiceInput} {...input} />
      <span>{label}</span>
    </label>
  );
}
