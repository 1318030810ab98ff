import type { EmblaCarouselType } from 'embla-carousel';

/** The spec's autoplay states. `paused` is the visitor's choice (or reduced motion); the others are transient. */
export type AutoplayState = 'playing' | 'hovered' | 'focused' | 'paused';

/** Which state wins when several apply: an explicit pause outlasts focus, focus outlasts hover. */
export function autoplayState({
  paused,
  focused,
  hovered,
}: {
  paused: boolean;
  focused: boolean;
  hovered: boolean;
}): AutoplayState {
  if (paused) return 'paused';
  if (focused) return 'focused';
  if (hovered) return 'hovered';
  return 'playing';
}

/** A slide's number as the banner dots show it: 1 → "01". */
export function slideNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/**
 * An embla `watchResize` callback that re-measures once the size has stopped changing for `delay` ms,
 * instead of on every ResizeObserver entry (the spec's 50 ms resize debounce). Create one per carousel.
 */
export function debouncedResize(delay: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let measured: string | undefined;
  return (emblaApi: EmblaCarouselType): boolean => {
    // ResizeObserver's first report is the size embla has just measured; remember it.
    measured ??= measure(emblaApi);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const now = measure(emblaApi);
      if (now === measured) return;
      measured = now;
      emblaApi.reInit();
    }, delay);
    // false: embla skips its own, undebounced re-measure.
    return false;
  };
}

function measure(emblaApi: EmblaCarouselType): string {
  const slide = emblaApi.slideNodes()[0];
  return `${emblaApi.containerNode().offsetWidth}:${slide?.offsetWidth ?? 0}`;
}

/**
 * Embla's `duration` for a slide transition of about 500 ms (the spec's carousel speed). Embla's duration is
 * not in milliseconds but a spring factor stepped at 60 fps (default 25, about 700 ms to arrive): 20 brings a
 * slide 99% of the way in about 480 ms and settles it without overshoot.
 */
export const DURATION_ABOUT_500_MS = 20;
