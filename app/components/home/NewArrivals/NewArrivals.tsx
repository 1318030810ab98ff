import { NEW_ARRIVALS_LAYOUT } from './layout';
import type { ProductSection } from '../../../types/home';
import { media } from '../../../styles/media';
import { Carousel } from '../../carousel/Carousel/Carousel';
import { CarouselPrevNext } from '../../carousel/CarouselPrevNext/CarouselPrevNext';
import { DURATION_ABOUT_500_MS } from '../../carousel/state';
import { ProductCard } from '../../product/ProductCard/ProductCard';
import { SectionHeader } from '../SectionHeader/SectionHeader';
import * as styles from './NewArrivals.css';

export type NewArrivalsProps = { section: ProductSection };

const { above1024, atMost1024, atMost768, atMost640 } = NEW_ARRIVALS_LAYOUT;

// How many cards one step scrolls, per breakpoint; how many are shown is CSS (NewArrivals.css.ts).
const options = {
  loop: true,
  duration: DURATION_ABOUT_500_MS,
  slidesToScroll: above1024.scrolled,
  breakpoints: {
    [media.atMostLg]: { slidesToScroll: atMost1024.scrolled },
    [media.atMostMd]: { slidesToScroll: atMost768.scrolled },
    [media.atMostSm]: { slidesToScroll: atMost640.scrolled },
  },
};

/** The infinite New Arrivals carousel of product cards, with previous/next buttons in its header. */
export function NewArrivals({ section }: NewArrivalsProps) {
  const { eyebrow, title, link, products } = section;
  return (
    <Carousel
      labelledBy="new-arrivals-title"
      className={[styles.root, styles.layout].join(' ')}
      slides={products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
      options={options}
      slideLabel={(index, count) => `Product ${index + 1} of ${count}`}
    >
      <SectionHeader
        id="new-arrivals-title"
        eyebrow={eyebrow}
        title={title}
        link={link}
        actions={<CarouselPrevNext prevLabel="Previous new arrivals" nextLabel="Next new arrivals" />}
      />
    </Carousel>
  );
}
