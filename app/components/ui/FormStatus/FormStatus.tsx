import { useEffect, useRef } from 'react';
import { useActionData, useNavigation } from 'react-router';
import { UNANSWERED } from '../../../lib/version-skew';
import * as styles from './FormStatus.css';

/** Said when the post got no answer (the root middleware's UNANSWERED): the form and what was typed stay. */
const NO_ANSWER = 'No answer from the shop: please try again in a moment.';

export type FormStatusProps = { message?: string };

/**
 * A polite live region for what a form's submission answered. It is always rendered (empty until then),
 * since screen readers only announce changes to a region that already exists.
 *
 * Without JavaScript the answer is a new page, scrolled to its top, where a live region present from the start
 * says nothing and the notice may sit a screen or two down: there the notice takes focus as the page loads
 * (`autofocus`, which brings it into view). With JavaScript the region is there before the answer, which it
 * announces, and React focuses no paragraph on mount or update, so focus stays on the button: the notice is
 * scrolled into view instead (below the button it can be below the window's edge). While a post is on its way the
 * notice's words are hidden, their place kept, and the answer comes as new words, so that a second post's answer,
 * the same words, is seen and announced again. (Any post on the page counts: the demo's pages have one form each.)
 * A post that got no answer through the network says so here (0033).
 */
export function FormStatus({ message: answered }: FormStatusProps) {
  const message = useActionData() === UNANSWERED ? NO_ANSWER : answered;
  const posting = useNavigation().formMethod === 'POST';
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message && !posting) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [message, posting]);
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page answering a post without JavaScript (above)
    <p ref={ref} role="status" className={styles.root} tabIndex={message ? -1 : undefined} autoFocus={Boolean(message)}>
      {message ? (
        <span key={posting ? 'posting' : 'answered'} className={posting ? styles.posting : undefined}>
          {message}
        </span>
      ) : null}
    </p>
  );
}
