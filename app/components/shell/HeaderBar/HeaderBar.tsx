import { Link } from 'react-router';
import type { CartItem } from '../../../../fixtures/types';
import { formatPrice } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/a11y.css';
import { buttonStyle } from '../../ui/Button/Button';
import { Dropdown } from '../../ui/Dropdown/Dropdown';
import { Icon } from '../../ui/Icon/Icon';
import { SearchBox } from '../../ui/SearchBox/SearchBox';
import * as styles from './HeaderBar.css';

export type HeaderBarProps = {
  categories: readonly string[];
  cart: { items: CartItem[]; subtotal: number };
};

/** The dark bar under the top navigation: categories, search, account and cart. */
export function HeaderBar({ categories, cart }: HeaderBarProps) {
  const itemCount = cart.items.length;
  return (
    <div className={styles.root}>
      <div className={styles.inner}>
        <div className={styles.category}>
          <Dropdown
            id="category-menu"
            align="start"
            triggerClassName={styles.categoryTrigger}
            trigger={
              <>
                <Icon name="grid" size={18} />
                Shop by Catagory
                <Icon name="chevronDown" size={16} />
              </>
            }
          >
            {/* The spec gives the categories no behaviour: choosing one only closes the list. */}
            <ul className={styles.menuList}>
              {categories.map((category) => (
                <li key={category}>
                  <button
                    type="button"
                    className={styles.menuItem}
                    popoverTarget="category-menu"
                    popoverTargetAction="hide"
                  >
                    {category}
                  </button>
                </li>
              ))}
            </ul>
          </Dropdown>
        </div>

        <SearchBox
          id="site-search"
          label="Search Products"
          className={styles.search}
          inputClassName={styles.searchInput}
        />

        <div className={styles.account}>
          <Dropdown
            id="account-menu"
            trigger={
              <>
                <Icon name="user" size={22} />
                <span className={visuallyHidden}>Account</span>
              </>
            }
          >
            <ul className={styles.menuList}>
              <li>
                <Link to="/myAccount" className={styles.menuItem}>
                  My Account
                </Link>
              </li>
              <li>
                {/* No log-out behaviour is shown in the spec. */}
                <button type="button" className={styles.menuItem} popoverTarget="account-menu" popoverTargetAction="hide">
                  Log Out
                </button>
              </li>
            </ul>
          </Dropdown>
        </div>

        <div className={styles.cart}>
          <Dropdown
            id="cart-menu"
            trigger={
              <>
                <Icon name="cart" size={22} />
                <span className={visuallyHidden}>Cart, {itemCount} item{itemCount === 1 ? '' : 's'}</span>
                <span className={styles.count} aria-hidden="true">
                  {itemCount}
                </span>
              </>
            }
          >
            <div className={styles.cartPanel}>
              <p className={styles.cartHeading}>Your cart</p>
              <ul className={styles.menuList}>
                {cart.items.map((item) => (
                  <li key={item.name} className={styles.cartItem}>
                    <img
                      src={item.image.src}
                      alt={item.image.alt}
                      width={item.image.width}
                      height={item.image.height}
                      loading="lazy"
                      className={styles.cartImage}
                    />
                    <div>
                      <p className={styles.cartName}>{item.name}</p>
                      <p className={styles.cartPrice}>{formatPrice(item.price)}</p>
                    </div>
                    {/* Removing is a placeholder in the spec: the control is shown and does nothing. */}
                    <button type="button" className={styles.removeButton} aria-label={`Remove ${item.name}`}>
                      <Icon name="trash" size={18} />
                    </button>
                  </li>
                ))}
              </ul>
              <p className={styles.subtotal}>
                <span>Subtotal</span>
                <span>{formatPrice(cart.subtotal)}</span>
              </p>
              <div className={styles.cartActions}>
                <Link to="/cart" className={buttonStyle({ tone: 'secondary' })}>
                  View Cart
                </Link>
                <Link to="/checkOut" className={buttonStyle({ tone: 'primary' })}>
                  Checkout
                </Link>
              </div>
            </div>
          </Dropdown>
        </div>
      </div>
    </div>
  );
}
