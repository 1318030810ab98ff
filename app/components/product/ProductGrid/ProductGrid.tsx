import type { Product } from '../../../types/site';
import { ProductCard } from '../ProductCard/ProductCard';
import * as styles from './ProductGrid.css';

export type ProductGridProps = {
  products: readonly Product[];
  /** How many leading cards are above the fold: their images load eagerly, the first with high priority. */
  eagerCount?: number;
  /** Heading level of each card's title. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  label?: string;
};

/** Product cards in a responsive grid: two columns on phones, three from 640px. */
export function ProductGrid({ products, eagerCount = 0, headingLevel = 'h3', label }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className={styles.item}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            fetchPriority={index === 0 && eagerCount > 0 ? 'high' : undefined}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
