import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/** The autoplay plugin's settings: it only runs the timer; useAutoplay owns hover, focus and interaction. */
function autoplayOptions(delay: number) {
  return { delay, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false };
}

/**
 * embla on a viewport element, loaded with a dynamic import once the page has hydrated: its code is not
 * part of a page's first load, and until it arrives the server's HTML is already laid out (and scrolls
 * natively).
 */
export function useLazyEmbla(
  options: EmblaOptionsType,
  autoplayDelay: number | undefined,
): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!viewport) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    void Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
      ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (cancelled) return;
        const plugins = autoplayDelay === undefined ? [] : [Autoplay(autoplayOptions(autoplayDelay))];
        instance = EmblaCarousel(viewport, options, plugins);
        setApi(instance);
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport, options, autoplayDelay]);

  return [setViewport, api];
}
