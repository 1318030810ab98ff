/** Intl's formatter, made only for the rare amount formatPrice does not write itself. */
let intlDollars: Intl.NumberFormat | undefined;

/**
 * "$44.00", "$1,250.00", "-$5.00": US dollars with two decimals, as every price in the spec is shown, written
 * exactly as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes them. Written out
 * because a page's first Intl formatter costs the browser 15–30 ms on the main thread while ICU loads (decision
 * 0026); amounts it does not write (not finite, 10 trillion dollars or more, an exponent) go to Intl.
 */
export function formatPrice(amount: number): string {
  const digits = /^(\d{1,13})(?:\.(\d+))?$/.exec(String(Math.abs(amount)));
  if (!digits) {
    intlDollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return intlDollars.format(amount);
  }
  const [, whole = '', fraction = ''] = digits;
  // Rounded half away from zero on the amount's shortest decimal form, as Intl rounds.
  const roundsUp = (fraction[2] ?? '0') >= '5';
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + (roundsUp ? 1 : 0);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}
