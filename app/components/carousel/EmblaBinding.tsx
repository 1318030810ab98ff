import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo } from 'react';

export type EmblaBindingProps = {
  /** The viewport the server rendered. */
  viewport: HTMLElement;
  options: EmblaOptionsType;
  /** Milliseconds per slide; none, no autoplay plugin. */
  autoplayDelay: number | undefined;
  /** Receives embla's API once it runs, and undefined when it stops. */
  onApi: (api: EmblaCarouselType | undefined) => void;
};

/** The autoplay plugin's settings: it only runs the timer; useAutoplay owns hover, focus and interaction. */
function autoplayOptions(delay: number) {
  return { delay, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false };
}

/**
 * embla-carousel-react's `useEmblaCarousel` on the viewport the server rendered. Carousel loads this module
 * lazily once the page has hydrated, so embla is not part of a page's first load; it renders nothing.
 */
export default function EmblaBinding({ viewport, options, autoplayDelay, onApi }: EmblaBindingProps) {
  const plugins = useMemo(
    () => (autoplayDelay === undefined ? [] : [Autoplay(autoplayOptions(autoplayDelay))]),
    [autoplayDelay],
  );
  const [emblaRef, api] = useEmblaCarousel(options, plugins);
  useEffect(() => {
    emblaRef(viewport);
  }, [emblaRef, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
