import type { Image } from '../../../../fixtures/types';
import * as styles from './Gallery.css';

export type GalleryProps = {
  images: Image[];
  /** Accessible name of the gallery. */
  label: string;
};

/** The product's images: one row of four at 1024px and wider. */
export function Gallery({ images, label }: GalleryProps) {
  return (
    <section aria-label={label} className={styles.root}>
      <ul className={styles.row}>
        {images.map((image, index) => (
          <li key={image.src} className={styles.slide}>
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding="async"
              className={styles.image}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
