import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';

export type FieldLabelProps = {
  htmlFor: string;
  /** Adds a muted "(optional)" after the label. */
  optional?: boolean;
  /** The label's own look in place of the form fields' one. */
  look?: string;
  className?: string;
  children: ReactNode;
};

/** The visible label of one form control. */
export function FieldLabel({ htmlFor, optional = false, look = form.label, className, children }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className={cx(look, className)}>
      {children}
      {optional ? <span className={form.optional}> (optional)</span> : null}
    </label>
  );
}
