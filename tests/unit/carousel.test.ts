import type { EmblaCarouselType } from 'embla-carousel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoplayState, debouncedResize, slideNumber } from '../../app/components/carousel/state.ts';

describe('autoplayState', () => {
  it('plays when nothing holds it', () => {
    expect(autoplayState({ paused: false, focused: false, hovered: false })).toBe('playing');
  });

  it('is hovered while a mouse is over it, focused while keyboard focus is in it', () => {
    expect(autoplayState({ paused: false, focused: false, hovered: true })).toBe('hovered');
    expect(autoplayState({ paused: false, focused: true, hovered: false })).toBe('focused');
    expect(autoplayState({ paused: false, focused: true, hovered: true })).toBe('focused');
  });

  it('stays paused, whatever else happens, once paused', () => {
    expect(autoplayState({ paused: true, focused: true, hovered: true })).toBe('paused');
    expect(autoplayState({ paused: true, focused: false, hovered: false })).toBe('paused');
  });
});

describe('slideNumber', () => {
  it('numbers slides 01 to 04 from their 0-based index', () => {
    expect([0, 1, 2, 3].map(slideNumber)).toEqual(['01', '02', '03', '04']);
    expect(slideNumber(11)).toBe('12');
  });
});

describe('debouncedResize', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A stand-in for embla with a container and a slide whose widths the test sets. */
  function fakeEmbla() {
    const container = { offsetWidth: 1200 };
    const slide = { offsetWidth: 300 };
    const reInit = vi.fn();
    const api = { containerNode: () => container, slideNodes: () => [slide], reInit } as unknown as EmblaCarouselType;
    return { api, container, slide, reInit };
  }

  it('re-measures once, 50 ms after the last of a burst of resizes, and keeps embla from re-measuring itself', () => {
    const { api, container, slide, reInit } = fakeEmbla();
    const watchResize = debouncedResize(50);
    expect(watchResize(api)).toBe(false); // the ResizeObserver's first report
    for (const width of [1100, 1000, 900]) {
      container.offsetWidth = width;
      slide.offsetWidth = width / 4;
      watchResize(api);
      vi.advanceTimersByTime(30);
    }
    expect(reInit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20);
    expect(reInit).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the size did not change (the first report, or a resize back)', () => {
    const { api, container, reInit } = fakeEmbla();
    const watchResize = debouncedResize(50);
    watchResize(api);
    vi.advanceTimersByTime(100);
    container.offsetWidth = 1000;
    watchResize(api);
    container.offsetWidth = 1200;
    vi.advanceTimersByTime(100);
    expect(reInit).not.toHaveBeenCalled();
  });
});
