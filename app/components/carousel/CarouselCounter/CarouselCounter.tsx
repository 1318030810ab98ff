import { cx } from '../../../lib/class-names';
import { visuallyHidden } from '../../../styles/a11y.css';
import { useCarousel } from '../context';
import { useSelectedSnap } from '../useSelectedSnap';
import * as styles from './CarouselCounter.css';

export type CarouselCounterProps = { className?: string };

/** "2 / 4": where the carousel is. Announced politely, except while autoplay moves it by itself. */
export function CarouselCounter({ className }: CarouselCounterProps) {
  const { autoplay } = useCarousel();
  const { selected, snapCount } = useSelectedSnap();
  return (
    <p
      className={cx(styles.root, className)}
      aria-live={autoplay?.state === 'playing' ? 'off' : 'polite'}
      aria-atomic="true"
    >
      <span className={visuallyHidden}>Slide </span>
      {selected + 1}
      <span aria-hidden="true"> / </span>
      <span className={visuallyHidden}> of </span>
      {snapCount}
    </p>
  );
}
