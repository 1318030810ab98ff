import type { ProductSection } from '../../../types/home';
import { ProductCard } from '../../product/ProductCard/ProductCard';
import { SectionHeader } from '../SectionHeader/SectionHeader';
import * as styles from './ProductShelf.css';

export type ProductShelfProps = {
  /** Id of the section's heading. */
  id: string;
  section: ProductSection;
};

/** A headed section of product cards in a grid (Our Bestsellers, Special Offers). */
export function ProductShelf({ id, section }: ProductShelfProps) {
  const { eyebrow, title, text, link, products } = section;
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} text={text} link={link} />
      <ul className={styles.grid}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
