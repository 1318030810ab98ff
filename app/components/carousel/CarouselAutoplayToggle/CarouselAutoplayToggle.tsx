import { cx } from '../../../lib/class-names';
import { Icon } from '../../ui/Icon/Icon';
import { needsScript } from '../Carousel/Carousel.css';
import { button } from '../CarouselPrevNext/CarouselPrevNext.css';
import { useCarousel } from '../context';

export type CarouselAutoplayToggleProps = {
  /** What rotates, for the button's name: "Pause slideshow" / "Play slideshow". */
  subject?: string;
  className?: string;
};

/** The visible pause/play control WCAG 2.2.2 asks of anything that moves by itself. */
export function CarouselAutoplayToggle({ subject = 'slideshow', className }: CarouselAutoplayToggleProps) {
  const { autoplay } = useCarousel();
  if (!autoplay) return null;
  const { paused, toggle } = autoplay;
  return (
    <button
      type="button"
      className={cx(button, needsScript, className)}
      aria-label={`${paused ? 'Play' : 'Pause'} ${subject}`}
      onClick={toggle}
      // Focus on the control itself does not pause what it controls (see useAutoplay).
      data-carousel-autoplay-toggle=""
    >
      <Icon name={paused ? 'play' : 'pause'} size={16} />
    </button>
  );
}
