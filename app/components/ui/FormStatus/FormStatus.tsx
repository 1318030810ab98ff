import * as styles from './FormStatus.css';

export type FormStatusProps = { message?: string };

/**
 * A polite live region for what a form's submission answered. It is always rendered (empty until then),
 * since screen readers only announce changes to a region that already exists.
 *
 * Without JavaScript the answer is a new page, scrolled to its top, where a live region present from the start
 * says nothing and the notice may sit a screen or two down: there the notice takes focus as the page loads
 * (`autofocus`, which brings it into view). With JavaScript the region is there before the answer, which it
 * announces, and React focuses no paragraph on mount or update, so focus stays on the button.
 */
export function FormStatus({ message }: FormStatusProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page answering a post without JavaScript (above)
    <p role="status" className={styles.root} tabIndex={message ? -1 : undefined} autoFocus={Boolean(message)}>
      {message}
    </p>
  );
}
