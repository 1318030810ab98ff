import { Link } from 'react-router';
import type { Product } from '../../../types/site';
import { cx } from '../../../lib/class-names';
import { paths } from '../../../paths';
import { Price } from '../Price/Price';
import * as styles from './ProductCard.css';

export type ProductCardProps = {
  product: Product;
  /** Images above the fold load eagerly; the rest wait until they are near the viewport. */
  eager?: boolean;
  /** 'high' for the card whose image is the page's largest above the fold. */
  fetchPriority?: 'high' | 'low' | 'auto';
  /** Heading level of the title, to fit the section the card sits in. */
  headingLevel?: 'h2' | 'h3' | 'h4';
};

/** The shared product card: image, optional badge and brand, title and price, linking to the product page. */
export function ProductCard({ product, eager = false, fetchPriority, headingLevel: Heading = 'h3' }: ProductCardProps) {
  const { image, badge, brand, title, price } = product;
  return (
    <article className={styles.root}>
      <div className={styles.media}>
        <img
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={fetchPriority}
          decoding="async"
          className={styles.image}
        />
        {badge ? (
          <span className={cx(styles.badge, styles.badgeKind[badge === 'New' ? 'new' : 'sale'])}>{badge}</span>
        ) : null}
      </div>
      {/* The brand line is always there, empty when there is no brand, so titles and prices line up in a row. */}
      <p className={styles.brand}>{brand}</p>
      <Heading className={styles.title}>
        <Link to={paths.productDetails} className={styles.link}>
          {title}
        </Link>
      </Heading>
      <Price amount={price} />
    </article>
  );
}
