import { cx } from '../../../lib/class-names';
import { Icon } from '../../ui/Icon/Icon';
import { needsScript } from '../Carousel/Carousel.css';
import { usePrevNext } from '../usePrevNext';
import * as styles from './CarouselPrevNext.css';

export type CarouselPrevNextProps = {
  /** Accessible names of the two buttons. */
  prevLabel?: string;
  nextLabel?: string;
  className?: string;
};

/** Previous and next buttons; disabled at the ends unless the carousel loops. */
export function CarouselPrevNext({
  prevLabel = 'Previous slides',
  nextLabel = 'Next slides',
  className,
}: CarouselPrevNextProps) {
  const { canPrev, canNext, prev, next } = usePrevNext();
  return (
    <div className={cx(styles.root, needsScript, className)}>
      <button type="button" className={styles.button} aria-label={prevLabel} disabled={!canPrev} onClick={prev}>
        <Icon name="chevronLeft" />
      </button>
      <button type="button" className={styles.button} aria-label={nextLabel} disabled={!canNext} onClick={next}>
        <Icon name="chevronRight" />
      </button>
    </div>
  );
}
