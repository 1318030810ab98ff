import { cx } from '../../../lib/class-names';
import { formatPrice } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/a11y.css';
import * as styles from './Price.css';

export type PriceProps = { amount: number; oldAmount?: number; className?: string };

/** A price in dollars with two decimals, with the struck-through old price when there is one. */
export function Price({ amount, oldAmount, className }: PriceProps) {
  return (
    <span className={cx(styles.root, className)}>
      {oldAmount !== undefined ? (
        <s className={styles.old}>
          <span className={visuallyHidden}>Old price: </span>
          {formatPrice(oldAmount)}
        </s>
      ) : null}
      <span className={styles.current}>
        {oldAmount !== undefined ? <span className={visuallyHidden}>Current price: </span> : null}
        {formatPrice(amount)}
      </span>
    </span>
  );
}
