import type { FieldSpec } from '../../../types/forms';
import { Button } from '../Button/Button';
import { DemoForm } from '../DemoForm/DemoForm';
import { FieldGrid } from '../FieldGrid/FieldGrid';
import { FormStatus } from '../FormStatus/FormStatus';
import * as styles from './SimpleForm.css';

export type SimpleFormProps = {
  fields: readonly FieldSpec[];
  idPrefix: string;
  submitLabel: string;
  /** What the route's action answered, shown under the submit button. */
  notice?: string;
  'aria-labelledby'?: string;
};

/** A whole simple form: its fields, one submit button and the status line, posting to its own route. */
export function SimpleForm({ fields, idPrefix, submitLabel, notice, ...names }: SimpleFormProps) {
  return (
    <DemoForm className={styles.root} {...names}>
      <FieldGrid fields={fields} idPrefix={idPrefix} />
      <div>
        <Button type="submit">{submitLabel}</Button>
        <FormStatus message={notice} />
      </div>
    </DemoForm>
  );
}
