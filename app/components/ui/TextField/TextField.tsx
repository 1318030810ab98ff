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

/**
 * A labelled single-line input (text, email, tel, password …) over the label's full width. At most 254 characters
 * (an email address's longest): no form outgrows the server's body limit (tests/ssr/pages.test.ts).
 */
export function TextField({
  id,
  label,
  optional,
  className,
  type = 'text',
  maxLength = 254,
  ...input
}: TextFieldProps) {
  return (
    <div className={cx(form.field, className)}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <input id={id} type={type} maxLength={maxLength} className={form.control} {...input} />
    </div>
  );
}
