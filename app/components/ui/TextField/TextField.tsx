import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';
import { FieldLabel } from '../FieldLabel/FieldLabel';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  optional?: boolean;
  className?: string;
};

/** A labelled single-line input (text, email, tel, password …) over the label's full width. */
export function TextField({ id, label, optional, className, type = 'text', ...input }: TextFieldProps) {
  return (
    <div className={cx(form.field, className)}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <input id={id} type={type} className={form.control} {...input} />
    </div>
  );
}
