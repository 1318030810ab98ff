import { cx } from '../../../lib/class-names';
import { visuallyHidden } from '../../../styles/a11y.css';
import { needsScript } from '../Carousel/Carousel.css';
import { slideNumber } from '../state';
import { useSelectedSnap } from '../useSelectedSnap';
import * as styles from './CarouselDots.css';

export type CarouselDotsProps = {
  /** `numbered` shows 01, 02…; `dots` shows round dots. */
  variant?: 'numbered' | 'dots';
  /** Name of the group of dots. */
  label?: string;
  className?: string;
};

/** One button per scroll snap; the current one is marked and, while autoplay runs, shows its progress. */
export function CarouselDots({ variant = 'numbered', label = 'Choose a slide', className }: CarouselDotsProps) {
  const { selected, snapCount, scrollTo } = useSelectedSnap();
  return (
    <div role="group" aria-label={label} className={cx(styles.list, needsScript, className)}>
      {Array.from({ length: snapCount }, (_, index) => (
        <button
          key={index}
          type="button"
          className={cx(styles.dot, styles.dotVariant[variant])}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => scrollTo(index)}
        >
          <span className={visuallyHidden}>Slide </span>
          {variant === 'numbered' ? slideNumber(index) : <span className={visuallyHidden}>{index + 1}</span>}
        </button>
      ))}
    </div>
  );
}
