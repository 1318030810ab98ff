import type { ProductSection } from '../../../types/product';
import { cx } from '../../../lib/class-names';
import { DismissibleDisclosure } from '../../ui/DismissibleDisclosure/DismissibleDisclosure';
import * as styles from './ProductSections.css';

export type ProductSectionsProps = {
  sections: ProductSection[];
  /** Heading level of each block inside a section, to fit the page's outline. */
  headingLevel?: 'h3' | 'h4';
  className?: string;
};

/** The product's expandable sections (features, shipping …): each opens on a click and closes on a click outside. */
export function ProductSections({ sections, headingLevel: Heading = 'h3', className }: ProductSectionsProps) {
  return (
    <div className={cx(styles.root, className)}>
      {sections.map((section) => (
        <DismissibleDisclosure key={section.id} summary={section.title} look="ruled" summaryClassName={styles.summary}>
          <div className={styles.blocks}>
            {section.blocks.map((block) => (
              <div key={block.heading} className={styles.block}>
                <Heading className={styles.blockHeading}>{block.heading}</Heading>
                <p className={styles.text}>{block.text}</p>
              </div>
            ))}
          </div>
        </DismissibleDisclosure>
      ))}
    </div>
  );
}
