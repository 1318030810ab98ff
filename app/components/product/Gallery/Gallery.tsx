import type { Image } from '../../../../fixtures/types';
import { media } from '../../../styles/media';
import { Carousel } from '../../carousel/Carousel/Carousel';
import { CarouselAutoplayToggle } from '../../carousel/CarouselAutoplayToggle/CarouselAutoplayToggle';
import { CarouselDots } from '../../carousel/CarouselDots/CarouselDots';
import { DURATION_ABOUT_500_MS } from '../../carousel/state';
import { Img } from '../../ui/Img/Img';
import * as styles from './Gallery.css';

export type GalleryProps = {
  images: Image[];
  /** Accessible name of the gallery. */
  label: string;
  /** Milliseconds each image stays on small screens (the spec's 3000). */
  autoplayDelay: number;
};

/**
 * The product's images. Below 1024px they are a looping carousel, one image per view, that advances on its
 * own and keeps doing so after a swipe or a dot (the spec: it keeps running after interaction), with a
 * pause control; at 1024px and wider embla switches off and the same slides stand in one row of four.
 */
export function Gallery({ images, label, autoplayDelay }: GalleryProps) {
  return (
    <Carousel
      label={label}
      className={styles.root}
      slides={images.map((image, index) => (
        // All four are in view on large screens and beside the view on small ones: none is lazy.
        <Img key={image.src} image={image} load={index === 0 ? 'priority' : 'eager'} className={styles.image} />
      ))}
      slideLabel={(index, count) => `Image ${index + 1} of ${count}`}
      options={{ loop: true, duration: DURATION_ABOUT_500_MS, breakpoints: { [media.lg]: { active: false } } }}
      autoplay={{ delay: autoplayDelay, stopOnInteraction: false }}
    >
      <div className={styles.controls}>
        <CarouselAutoplayToggle subject="image slideshow" />
        <CarouselDots variant="dots" label="Choose an image" />
      </div>
    </Carousel>
  );
}
