const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** "$44.00": dollars with two decimals, as every price in the spec is shown. */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}
