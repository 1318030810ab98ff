import { useId, type FormEvent } from 'react';
import type { FormField, ProductDetails } from '../../../types/product';
import { Button } from '../../ui/Button/Button';
import * as styles from './ReviewForm.css';

export type ReviewFormProps = {
  form: ProductDetails['reviewForm'];
  headingLevel?: 'h2' | 'h3';
};

// The spec gives the form no submit handling: with JavaScript, Post does nothing at all.
const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/**
 * Add a Review: name, email and review, and Post. Without JavaScript the form posts to this page, whose
 * action ignores it and renders the page again (docs/decisions/0010-review-form-post.md). The spec has no
 * validation, so the browser's own checks are off too. Its fields are bounded as TextField's and TextAreaField's,
 * within the server's body limit.
 */
export function ReviewForm({ form, headingLevel: Heading = 'h3' }: ReviewFormProps) {
  const id = useId();
  return (
    <form method="post" noValidate onSubmit={ignoreSubmit} aria-labelledby={`${id}-heading`} className={styles.root}>
      <Heading id={`${id}-heading`} className={styles.heading}>
        {form.heading}
      </Heading>
      <div className={styles.row}>
        <Field idPrefix={id} field={form.name} autoComplete="name" />
        <Field idPrefix={id} field={form.email} type="email" autoComplete="email" />
      </div>
      <Field idPrefix={id} field={form.review} multiline />
      <Button type="submit" tone="primary" className={styles.submit}>
        {form.submit}
      </Button>
    </form>
  );
}

type FieldProps = {
  idPrefix: string;
  field: FormField;
  /** Text when not given. */
  type?: 'email';
  autoComplete?: string;
  multiline?: boolean;
};

function Field({ idPrefix, field, type, autoComplete, multiline = false }: FieldProps) {
  const id = `${idPrefix}-${field.name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={field.name}
          rows={5}
          maxLength={4000}
          placeholder={field.placeholder}
          className={styles.textarea}
        />
      ) : (
        <input
          id={id}
          name={field.name}
          type={type}
          autoComplete={autoComplete}
          maxLength={254}
          placeholder={field.placeholder}
          className={styles.input}
        />
      )}
    </div>
  );
}
