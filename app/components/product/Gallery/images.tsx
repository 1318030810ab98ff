import type { Image } from '../../../../fixtures/types';
import { Img } from '../../ui/Img/Img';
import * as styles from './Gallery.css';

/** The gallery's slides: the first image is the page's largest paint; the others sit beside it, none lazy. */
export const galleryImages = (images: Image[]) =>
  images.map((image, index) => (
    <Img key={image.src} image={image} load={index === 0 ? 'priority' : 'eager'} className={styles.image} />
  ));

export const imageLabel = (index: number, count: number) => `Image ${index + 1} of ${count}`;
