import type { StyleRule } from '@vanilla-extract/css';
import { slideGap, slidesPerView } from './Carousel/Carousel.css';

export type SlideLayout = {
  /** Slides per view at the widest size. */
  perView: number;
  /** Space between slides (any CSS length). */
  gap?: string;
  /** Overrides keyed by media query, applied in order (later wins), e.g. `{ [media.atMostMd]: { perView: 2 } }`. */
  at?: Record<string, { perView?: number; gap?: string }>;
};

/**
 * A style rule that sizes a carousel's slides for every breakpoint in CSS, so the server's HTML is laid
 * out exactly as the hydrated carousel will be (no layout shift). Call it in a .css.ts file:
 * `export const arrivals = style(slideLayout({ perView: 4, gap: '1.5rem', at: { [media.atMostMd]: { perView: 2 } } }))`
 * and pass the class as the Carousel's `className`. Embla's slidesToScroll per breakpoint goes in its options.
 */
export function slideLayout({ perView, gap = '0px', at = {} }: SlideLayout): StyleRule {
  const vars = (entry: { perView?: number; gap?: string }) => ({
    ...(entry.perView !== undefined ? { [slidesPerView]: String(entry.perView) } : {}),
    ...(entry.gap !== undefined ? { [slideGap]: entry.gap } : {}),
  });
  return {
    vars: vars({ perView, gap }),
    '@media': Object.fromEntries(Object.entries(at).map(([query, entry]) => [query, { vars: vars(entry) }])),
  };
}
