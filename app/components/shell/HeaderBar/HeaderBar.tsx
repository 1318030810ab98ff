import { Link } from 'react-router';
import { paths } from '../../../paths';
import type { CartItem, ShellData } from '../../../types/site';
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
  /** The cart button's name for assistive technology ("Cart, 1 item"). */
  cartLabel: string;
  copy: ShellData['copy'];
};

/** The dark bar under the top navigation: categories, search, account and cart. */
export function HeaderBar({ categories, cart, cartLabel, copy }: HeaderBarProps) {
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
                {copy.categoryMenu}
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
          label={copy.search}
          name={copy.searchName}
          className={styles.search}
          inputClassName={styles.searchInput}
        />

        <div className={styles.account}>
          <Dropdown
            id="account-menu"
            trigger={
              <>
                <Icon name="user" size={22} />
                <span className={visuallyHidden}>{copy.account}</span>
              </>
            }
          >
            <ul className={styles.menuList}>
              <li>
                <Link to={paths.myAccount} className={styles.menuItem}>
                  {copy.myAccount}
                </Link>
              </li>
              <li>
                {/* No log-out behaviour is shown in the spec. */}
                <button
                  type="button"
                  className={styles.menuItem}
                  popoverTarget="account-menu"
                  popoverTargetAction="hide"
                >
                  {copy.logOut}
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
                <span className={visuallyHidden}>{cartLabel}</span>
                <span className={styles.count} aria-hidden="true">
                  {itemCount}
                </span>
              </>
            }
          >
            <div className={styles.cartPanel}>
              <p className={styles.cartHeading}>{copy.cartHeading}</p>
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
                <span>{copy.subtotal}</span>
                <span>{formatPrice(cart.subtotal)}</span>
              </p>
              <div className={styles.cartActions}>
                <Link to={paths.cart} className={buttonStyle({ tone: 'secondary' })}>
                  {copy.viewCart}
                </Link>
                <Link to={paths.checkOut} className={buttonStyle({ tone: 'primary' })}>
                  {copy.checkout}
                </Link>
              </div>
            </div>
          </Dropdown>
        </div>
      </div>
    </div>
  );
}
