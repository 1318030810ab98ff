import type { FieldSpec } from '../../../types/forms';
import { SelectField } from '../SelectField/SelectField';
import { TextAreaField } from '../TextAreaField/TextAreaField';
import { TextField } from '../TextField/TextField';
import * as styles from './FieldGrid.css';

export type FieldGridProps = {
  fields: readonly FieldSpec[];
  /** Makes the ids unique on the page: `${idPrefix}-${field.name}`. */
  idPrefix: string;
};

/** A grid of labelled fields described as data; half-width fields pair up from 640px. */
export function FieldGrid({ fields, idPrefix }: FieldGridProps) {
  return (
    <div className={styles.root}>
      {fields.map((field) => {
        const { name, label, optional, placeholder, width } = field;
        const common = {
          id: `${idPrefix}-${name}`,
          name,
          label,
          optional,
          placeholder,
          className: width === 'half' ? undefined : styles.full,
        };
        switch (field.kind) {
          case 'textarea':
            return <TextAreaField key={name} {...common} autoComplete={field.autoComplete} />;
          case 'select':
            return <SelectField key={name} {...common} autoComplete={field.autoComplete} options={field.options} />;
          default:
            return <TextField key={name} {...common} type={field.type ?? 'text'} autoComplete={field.autoComplete} />;
        }
      })}
    </div>
  );
}
