import { lazy, Suspense } from 'react';
import type { Image } from '../../../types/site';
import { useMediaQuery } from '../../../lib/use-media-query';
import { media } from '../../../styles/media';
import { CarouselFrame } from '../../carousel/CarouselFrame/CarouselFrame';
import { Img } from '../../ui/Img/Img';
// The controls' styles load with the page: the carousel chunk then has no CSS of its own to fetch, and no
// loader helper ships for it.
import '../../carousel/CarouselPrevNext/CarouselPrevNext.css';
import '../../carousel/CarouselDots/CarouselDots.css';
import * as styles from './Gallery.css';

export type GalleryProps = {
  images: Image[];
  /** Accessible name of the gallery. */
  label: string;
  /** Milliseconds each image stays on small screens (the spec's 3000). */
  autoplayDelay: number;
};

// The carousel's code (and embla's) loads only where the gallery is a carousel: below 1024px. It gets its
// slides and class names from here, so it shares no module with this page but the carousel's own.
const GalleryCarousel = lazy(() => import('./GalleryCarousel'));

const imageLabel = (index: number, count: number) => `Image ${index + 1} of ${count}`;

/**
 * The product's four images: in one row at 1024px and wider, a carousel below. The server renders the still
 * frame, laid out as the carousel will be (the row of controls kept free), so nothing moves when the
 * carousel takes over. The first image is the page's largest paint; the others sit beside it, none lazy.
 */
export function Gallery({ images, label, autoplayDelay }: GalleryProps) {
  const small = useMediaQuery(media.belowLg);
  const frame = {
    label,
    className: styles.root,
    slideLabel: imageLabel,
    slides: images.map((image, index) => (
      <Img key={image.src} image={image} load={index === 0 ? 'priority' : 'eager'} className={styles.image} />
    )),
  };
  const still = (
    <CarouselFrame {...frame}>
      <div className={styles.controls} />
    </CarouselFrame>
  );
  return small ? (
    <Suspense fallback={still}>
      <GalleryCarousel {...frame} autoplayDelay={autoplayDelay} controlsClassName={styles.controls} />
    </Suspense>
  ) : (
    still
  );
}
