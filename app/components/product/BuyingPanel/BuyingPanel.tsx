import type { ReactNode } from 'react';
import type { ProductDetails } from '../../../types/product';
import { Button } from '../../ui/Button/Button';
import { Icon } from '../../ui/Icon/Icon';
import { NumberStepper } from '../../ui/NumberStepper/NumberStepper';
import { SelectField } from '../../ui/SelectField/SelectField';
import { ColourSwatches } from '../ColourSwatches/ColourSwatches';
import { Price } from '../Price/Price';
import { Rating } from '../Rating/Rating';
import * as styles from './BuyingPanel.css';

export type BuyingPanelProps = {
  product: ProductDetails;
  /** Where the "1 Review" link leads: the reviews on this page. */
  reviewsHref: string;
  /** Shown under the buttons, e.g. the product's expandable sections. */
  children?: ReactNode;
};

/**
 * Title, rating, prices and the buying choices. As the spec says, colour, size, quantity and both buttons
 * keep their own state only: nothing is added anywhere and nothing navigates.
 */
export function BuyingPanel({ product, reviewsHref, children }: BuyingPanelProps) {
  return (
    <div className={styles.root}>
      <div className={styles.heading}>
        <h2 className={styles.title}>{product.title}</h2>
        <p className={styles.rating}>
          <Rating value={product.rating} />
          <a href={reviewsHref} className={styles.reviewsLink}>
            {product.reviewCountText}
          </a>
        </p>
        <Price amount={product.price} oldAmount={product.oldPrice} className={styles.price} />
      </div>

      <ColourSwatches name="colour" legend={product.labels.colour} options={product.colours} />

      <div className={styles.choices}>
        <SelectField id="product-size" name="size" label={product.labels.size} options={product.sizes} look="compact" />
        <NumberStepper
          id="product-quantity"
          label={product.labels.quantity}
          defaultValue={product.quantity}
          decreaseLabel={`Decrease ${product.labels.quantity.toLowerCase()}`}
          increaseLabel={`Increase ${product.labels.quantity.toLowerCase()}`}
          look="compact"
        />
      </div>

      <p className={styles.stock}>
        <span className={styles.stockDot} aria-hidden="true" />
        {product.stockStatus}
      </p>

      <div className={styles.actions}>
        <Button tone="secondary">
          <Icon name="heart" size={18} />
          {product.actions.wishList}
        </Button>
        <Button tone="primary">
          <Icon name="cart" size={18} />
          {product.actions.cart}
        </Button>
      </div>

      {children}
    </div>
  );
}
