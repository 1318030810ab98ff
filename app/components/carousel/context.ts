import type { EmblaCarouselType } from 'embla-carousel';
import { createContext, useContext } from 'react';
import type { AutoplayState } from './state';

export type CarouselContextValue = {
  /** Embla's API once the carousel has hydrated; undefined in the server's HTML and before hydration. */
  api: EmblaCarouselType | undefined;
  /** How many slides the carousel holds. */
  slideCount: number;
  /** Whether it wraps around (from its options), so the server can render prev/next already enabled. */
  loop: boolean;
  /** Whether the visitor asked for reduced motion: controls then jump instead of sliding. */
  reducedMotion: boolean;
  /** Call after a control moved the carousel, so autoplay restarts its interval or stops (stopOnInteraction). */
  onInteraction: () => void;
  /** Undefined when the carousel does not autoplay. */
  autoplay:
    | {
        state: AutoplayState;
        /** The visitor's choice (pause/play control), initially true under reduced motion. */
        paused: boolean;
        toggle: () => void;
      }
    | undefined;
};

export const CarouselContext = createContext<CarouselContextValue | null>(null);

/** The enclosing carousel's state and API, for its controls. */
export function useCarousel(): CarouselContextValue {
  const context = useContext(CarouselContext);
  if (!context) throw new Error('Carousel controls must be rendered inside <Carousel>.');
  return context;
}
