import type { FieldSpec } from '../../../../fixtures/form-types';
import { Button } from '../Button/Button';
import { DemoForm } from '../DemoForm/DemoForm';
import { FormFields } from '../FormFields/FormFields';
import { FormStatus } from '../FormStatus/FormStatus';
import * as styles from './FieldsForm.css';

export type FieldsFormProps = {
  fields: readonly FieldSpec[];
  idPrefix: string;
  submitLabel: string;
  /** What the route's action answered, shown under the submit button. */
  notice?: string;
  'aria-labelledby'?: string;
};

/** A whole simple form: its fields, one submit button and the status line, posting to its own route. */
export function FieldsForm({ fields, idPrefix, submitLabel, notice, ...names }: FieldsFormProps) {
  return (
    <DemoForm className={styles.root} {...names}>
      <FormFields fields={fields} idPrefix={idPrefix} />
      <div>
        <Button type="submit">{submitLabel}</Button>
        <FormStatus message={notice} />
      </div>
    </DemoForm>
  );
}
