import { lazy, Suspense } from 'react';
import type { Image } from '../../../../fixtures/types';
import { useMediaQuery } from '../../../lib/use-media-query';
import { media } from '../../../styles/media';
import { CarouselFrame } from '../../carousel/CarouselFrame/CarouselFrame';
// The controls' styles load with the page: the carousel chunk then has no CSS of its own to fetch, and no
// loader helper ships for it.
import '../../carousel/CarouselPrevNext/CarouselPrevNext.css';
import '../../carousel/CarouselDots/CarouselDots.css';
import * as styles from './Gallery.css';
import { galleryImages, imageLabel } from './images';

export type GalleryProps = {
  images: Image[];
  /** Accessible name of the gallery. */
  label: string;
  /** Milliseconds each image stays on small screens (the spec's 3000). */
  autoplayDelay: number;
};

// The carousel's code (and embla's) loads only where the gallery is a carousel: below 1024px.
const GalleryCarousel = lazy(() => import('./GalleryCarousel'));

/**
 * The product's four images: in one row at 1024px and wider, a carousel below. The server renders the still
 * frame, laid out as the carousel will be (the row of controls kept free), so nothing moves when the
 * carousel takes over.
 */
export function Gallery(props: GalleryProps) {
  const small = useMediaQuery(media.belowLg);
  const still = (
    <CarouselFrame label={props.label} className={styles.root} slides={galleryImages(props.images)} slideLabel={imageLabel}>
      <div className={styles.controls} />
    </CarouselFrame>
  );
  return small ? (
    <Suspense fallback={still}>
      <GalleryCarousel {...props} />
    </Suspense>
  ) : (
    still
  );
}
