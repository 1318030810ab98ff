import { Carousel } from '../../carousel/Carousel/Carousel';
import { CarouselAutoplayToggle } from '../../carousel/CarouselAutoplayToggle/CarouselAutoplayToggle';
import { CarouselDots } from '../../carousel/CarouselDots/CarouselDots';
import { DURATION_ABOUT_500_MS } from '../../carousel/state';
import type { GalleryProps } from './Gallery';
import { galleryImages, imageLabel } from './images';
import * as styles from './Gallery.css';

/**
 * The gallery as a looping carousel, one image per view, that advances on its own and keeps doing so after
 * a swipe or a dot (the spec: it keeps running after interaction), with a pause control. Gallery loads this
 * module below 1024px only.
 */
export default function GalleryCarousel({ images, label, autoplayDelay }: GalleryProps) {
  return (
    <Carousel
      label={label}
      className={styles.root}
      slides={galleryImages(images)}
      slideLabel={imageLabel}
      options={{ loop: true, duration: DURATION_ABOUT_500_MS }}
      autoplay={{ delay: autoplayDelay, stopOnInteraction: false }}
    >
      <div className={styles.controls}>
        <CarouselAutoplayToggle subject="image slideshow" />
        <CarouselDots variant="dots" label="Choose an image" />
      </div>
    </Carousel>
  );
}
