import { cx } from '../../../lib/class-names';
import * as styles from './Rating.css';

export type RatingProps = {
  /** Stars out of `max`, whole numbers. */
  value: number;
  max?: number;
  /** Star size in pixels. */
  size?: number;
  className?: string;
};

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z';

/** A row of stars, read out as one image: "Rated 5 out of 5". */
export function Rating({ value, max = 5, size = 16, className }: RatingProps) {
  return (
    <span role="img" aria-label={`Rated ${value} out of ${max}`} className={cx(styles.root, className)}>
      {Array.from({ length: max }, (_, index) => (
        <svg
          key={index}
          width={size}
          height={size}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className={index < value ? styles.filled : styles.empty}
        >
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}
