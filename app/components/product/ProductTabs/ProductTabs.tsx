import type { ProductDetails } from '../../../types/product';
import { visuallyHidden } from '../../../styles/a11y.css';
import { Tabs } from '../../ui/Tabs/Tabs';
import { Rating } from '../Rating/Rating';
import { ReviewForm } from '../ReviewForm/ReviewForm';
import * as styles from './ProductTabs.css';

export type ProductTabsProps = {
  product: ProductDetails;
  /** Prefix of the tab and panel ids; the reviews panel is `${id}-reviews`. */
  id: string;
};

/** Description and Reviews (1), reviews first: the sample review and the Add a Review form. */
export function ProductTabs({ product, id }: ProductTabsProps) {
  return (
    <Tabs
      id={id}
      label="Product information"
      defaultTab="reviews"
      items={[
        {
          id: 'description',
          label: product.tabs.description,
          content: (
            <div className={styles.description}>
              <h2 className={visuallyHidden}>{product.description.heading}</h2>
              {product.description.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ),
        },
        {
          id: 'reviews',
          label: product.tabs.reviews,
          content: (
            <div className={styles.reviews}>
              <div className={styles.reviewList}>
                <h2 className={styles.reviewsHeading}>{product.reviewsHeading}</h2>
                <ol className={styles.list}>
                  {product.reviews.map((review) => (
                    <li key={review.author}>
                      <article className={styles.review}>
                        <span className={styles.avatar} aria-hidden="true">
                          {review.author.charAt(0)}
                        </span>
                        <div className={styles.reviewBody}>
                          <h3 className={styles.author}>{review.author}</h3>
                          <Rating value={review.rating} size={14} />
                          <p className={styles.reviewText}>{review.text}</p>
                        </div>
                      </article>
                    </li>
                  ))}
                </ol>
              </div>
              <ReviewForm form={product.reviewForm} headingLevel="h3" />
            </div>
          ),
        },
      ]}
    />
  );
}
