import type { Image } from './site';

export type CartLine = {
  id: string;
  name: string;
  image: Image;
  price: number;
  quantity: number;
  size: CartSize;
};

/** The spec's cart sizes. */
export type CartSize = 'S' | 'M' | 'L' | 'XL' | 'XXL';

/** The cart's shipping line (its flat rate is in the cart page's totals). */
export type CartShipping = { label: string; method: string; amount: number };

/** The cart page's words: its table's caption and columns, the coupon form, the buttons and the totals' labels. */
export type CartCopy = {
  caption: string;
  columns: { product: string; price: string; quantity: string; size: string; total: string };
  coupon: { name: string; label: string; placeholder: string; submit: string };
  update: string;
  totals: { heading: string; subtotal: string; total: string };
  checkout: { label: string; to: string };
};

/** What `getCart()` answers: the cart page and the checkout's order are made from it. */
export type Cart = {
  copy: CartCopy;
  lines: Array<CartLine & { total: number }>;
  /** The sizes a line can take. */
  sizes: readonly CartSize[];
  subtotal: number;
  shipping: CartShipping;
  /**
   * The total as the page shows it: the spec fixes the demo's, written "389.99 $". A backend's total, a number as
   * the subtotal is, goes through formatPrice (app/lib/money.ts).
   */
  total: string;
};
