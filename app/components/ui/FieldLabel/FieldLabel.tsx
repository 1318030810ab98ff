import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import * as form from '../../../styles/form.css';

export type FieldLabelProps = {
  htmlFor: string;
  /** Adds a muted "(optional)" after the label. */
  optional?: boolean;
  className?: string;
  children: ReactNode;
};

/** The visible label of one form control. */
export function FieldLabel({ htmlFor, optional = false, className, children }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className={cx(form.label, className)}>
      {children}
      {optional ? <span className={form.optional}> (optional)</span> : null}
    </label>
  );
}
