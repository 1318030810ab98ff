import { describe, expect, it } from 'vitest';
import { accountMenu, DEFAULT_ACCOUNT_TAB } from '../../fixtures/account.ts';
import { CART_TOTAL, cartShipping, cartSizes, cartSubtotal } from '../../fixtures/cart.ts';
import { countries } from '../../fixtures/countries.ts';

describe('the fixtures of the spec constants', () => {
  it('the country options are exactly the spec list, spelled so', () => {
    expect(countries).toEqual(['U.S.A', 'U.K', 'Bangladesh', 'India', 'Pakistan', 'Chain']);
  });

  it('the cart sizes are S, M, L, XL, XXL', () => {
    expect(cartSizes).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
  });

  it('the cart lines and shipping add up to the fixed demo total of 389.99 $', () => {
    expect(CART_TOTAL).toBe('389.99 $');
    expect((cartSubtotal + cartShipping.amount).toFixed(2)).toBe('389.99');
  });

  it('the account menu is Dashboard, Others, Donwloads, Addresses, Account details, with Dashboard the default', () => {
    expect(accountMenu.map((item) => item.label)).toEqual([
      'Dashboard',
      'Others',
      'Donwloads',
      'Addresses',
      'Account details',
    ]);
    expect(DEFAULT_ACCOUNT_TAB).toBe('dashboard');
  });
});
