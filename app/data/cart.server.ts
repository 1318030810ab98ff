/**
 * The visitor's cart: the header's mini cart and the cart and checkout pages' lines and totals. Today a
 * fixed demo cart from fixtures/; a commerce backend answers here, reading the visitor's cart id.
 */
import {
  CART_TOTAL,
  cartLines,
  cartLineTotal,
  cartPage,
  cartShipping,
  cartSizes,
  cartSubtotal,
} from '../../fixtures/cart';
import { miniCart, miniCartSubtotal } from '../../fixtures/mini-cart';
import type { Cart } from '../types/cart';
import type { CartItem } from '../types/site';

export async function getMiniCart(): Promise<{ items: CartItem[]; subtotal: number }> {
  return { items: miniCart.items, subtotal: miniCartSubtotal };
}

/** The cart's lines with their totals, the sizes a line can take, shipping and the totals. */
export async function getCart(): Promise<Cart> {
  return {
    copy: cartPage,
    lines: cartLines.map((line) => ({ ...line, total: cartLineTotal(line) })),
    sizes: cartSizes,
    subtotal: cartSubtotal,
    shipping: cartShipping,
    total: CART_TOTAL,
  };
}
