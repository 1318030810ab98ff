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

/** The cart page's totals: the spec's fixed total is written exactly as the spec writes it. */
export type CartShipping = { label: string; method: string; amount: number };
