const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Intl's formatter, made only for the rare date formatLongDate does not write itself. */
let intlLongDates: Intl.DateTimeFormat | undefined;

/**
 * "November 3, 2026": the day of an ISO date in UTC, written exactly as
 * `Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })` writes it, without the 15–30 ms a
 * page's first Intl formatter costs the browser while ICU loads (decision 0026). Years outside 1000–9999 go
 * to Intl.
 */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) {
    intlLongDates ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    return intlLongDates.format(date);
  }
  return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}
