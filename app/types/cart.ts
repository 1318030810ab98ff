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
