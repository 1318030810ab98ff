import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../app/lib/dates.ts';
import { formatPrice } from '../../app/lib/money.ts';

// Prices and dates are written without Intl in the browser (decision 0026); they must read exactly as Intl
// writes them, on the server and in the browser alike.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDates = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

describe('formatPrice', () => {
  it('writes every amount as Intl does: cents, thousands, signs, rounding half away from zero', () => {
    const amounts = [
      0,
      -0,
      1,
      44,
      18.5,
      0.1 + 0.2,
      3 * 19.99,
      999.995,
      1000,
      1250,
      1234567.891,
      -5,
      -0.004,
      -0.005,
      0.005,
      0.015,
      1.005,
      2.675,
      8.345,
      1.0049999,
      9999999999999.99,
      999999999999.995,
      0.000001,
    ];
    for (let cents = 0; cents < 200_000; cents += 7) amounts.push(cents / 100, -cents / 100, cents / 1000 + 0.0005);
    for (let i = 0; i < 20_000; i++) amounts.push(((i * 7_919_003) % 10 ** (2 + (i % 10))) / 10 ** (i % 5));
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(dollars.format(amount));
  });

  it('leaves what it does not write to Intl: exponents, huge amounts, not a number', () => {
    for (const amount of [1e-7, 1e13, 1e21, -1e22, Number.NaN, Infinity, -Infinity]) {
      expect(formatPrice(amount), String(amount)).toBe(dollars.format(amount));
    }
  });
});

describe('formatLongDate', () => {
  it('writes every day from 1970 to 2100, at any hour, as Intl does in UTC', () => {
    for (let day = 0; day < 47_847; day += 1) {
      const date = new Date(day * 86_400_000 + (day % 24) * 3_600_000 + 59_999);
      expect(formatLongDate(date.toISOString())).toBe(longDates.format(date));
    }
    expect(formatLongDate('2026-11-03')).toBe('November 3, 2026');
    expect(formatLongDate('2026-11-03T23:30:00-05:00')).toBe('November 4, 2026');
  });

  it('leaves years outside 1000–9999 to Intl', () => {
    for (const iso of ['0999-12-31', '+010000-01-01T00:00:00Z'])
      expect(formatLongDate(iso)).toBe(longDates.format(new Date(iso)));
  });
});
