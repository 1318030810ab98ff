import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';
import { FieldLabel } from '../FieldLabel/FieldLabel';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  optional?: boolean;
  className?: string;
};

/**
 * A labelled multi-line text input, of at most 4,000 characters: a longer message would outgrow the server's body
 * limit and get its 413 instead of the form's answer (tests/ssr/pages.test.ts).
 */
export function TextAreaField({
  id,
  label,
  optional,
  className,
  rows = 5,
  maxLength = 4000,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <div className={cx(form.field, className)}>
      <FieldLabel htmlFor={id} optional={optional}>
        {label}
      </FieldLabel>
      <textarea id={id} rows={rows} maxLength={maxLength} className={cx(form.control, form.textarea)} {...textarea} />
    </div>
  );
}
