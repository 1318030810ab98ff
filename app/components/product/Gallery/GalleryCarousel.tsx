import { Carousel, type CarouselProps } from '../../carousel/Carousel/Carousel';
import { CarouselAutoplayToggle } from '../../carousel/CarouselAutoplayToggle/CarouselAutoplayToggle';
import { CarouselDots } from '../../carousel/CarouselDots/CarouselDots';
import { DURATION_ABOUT_500_MS } from '../../carousel/state';

export type GalleryCarouselProps = Pick<CarouselProps, 'label' | 'className' | 'slides' | 'slideLabel'> & {
  /** Milliseconds each image stays. */
  autoplayDelay: number;
  /** The row of controls, laid out where Gallery's still frame keeps it free. */
  controlsClassName: string;
};

/**
 * The gallery as a looping carousel, one image per view, that advances on its own and keeps doing so after
 * a swipe or a dot (the spec: it keeps running after interaction), with a pause control. Gallery loads this
 * module below 1024px only and hands it the slides and class names of its still frame.
 */
export default function GalleryCarousel({ autoplayDelay, controlsClassName, ...frame }: GalleryCarouselProps) {
  return (
    <Carousel
      {...frame}
      options={{ loop: true, duration: DURATION_ABOUT_500_MS }}
      autoplay={{ delay: autoplayDelay, stopOnInteraction: false }}
    >
      <div className={controlsClassName}>
        <CarouselAutoplayToggle subject="image slideshow" />
        <CarouselDots variant="dots" label="Choose an image" />
      </div>
    </Carousel>
  );
}
