import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { warnAtMostEvery } from '../../server/log.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('warns of the first at once, counts the rest, and says how many at the end of the interval', () => {
  const warned: Array<[number, string]> = [];
  const warn = warnAtMostEvery(10_000, (count, latest: string) => warned.push([count, latest]));
  warn('a');
  expect(warned).toEqual([[1, 'a']]);
  for (const address of ['b', 'c', 'd']) warn(address);
  expect(warned).toHaveLength(1);
  // The flood stops: the three are said when the interval ends, with the latest's details, not left unsaid.
  vi.advanceTimersByTime(10_000);
  expect(warned).toEqual([
    [1, 'a'],
    [3, 'd'],
  ]);
  vi.advanceTimersByTime(60_000);
  expect(warned).toHaveLength(2);
  // After a quiet interval, the next one is said at once again.
  warn('e');
  expect(warned.at(-1)).toEqual([1, 'e']);
});

it('says what it counted once: an occurrence past the interval, before its timer has run, is not said again as 0', () => {
  // The event loop busy past the interval's end: the next occurrence is said at once, with those counted before it,
  // and the timer that was to say them, run after it, has nothing left to say.
  const warned: Array<[number, string]> = [];
  const warn = warnAtMostEvery(10_000, (count, latest: string) => warned.push([count, latest]));
  warn('a');
  setTimeout(() => warn('c'), 10_000);
  warn('b');
  vi.advanceTimersByTime(20_000);
  expect(warned).toEqual([
    [1, 'a'],
    [2, 'c'],
  ]);
});
