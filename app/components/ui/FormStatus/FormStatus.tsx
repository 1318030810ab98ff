import * as styles from './FormStatus.css';

export type FormStatusProps = { message?: string };

/**
 * A polite live region for what a form's submission answered. It is always rendered (empty until then),
 * since screen readers only announce changes to a region that already exists.
 */
export function FormStatus({ message }: FormStatusProps) {
  return (
    <p role="status" className={styles.root}>
      {message}
    </p>
  );
}
