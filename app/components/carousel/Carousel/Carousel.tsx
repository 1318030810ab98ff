import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { media } from '../../../styles/media';
import { CarouselFrame } from '../CarouselFrame/CarouselFrame';
import { CarouselContext, type CarouselContextValue } from '../context';
import { debouncedResize } from '../state';
import { useAutoplay } from '../useAutoplay';
import * as styles from './Carousel.css';

// embla-carousel-react, bound to the server's viewport after hydration: not part of a page's first load.
const EmblaBinding = lazy(() => import('../EmblaBinding'));

export type CarouselAutoplayOptions = {
  /** Milliseconds each slide stays before the next. */
  delay: number;
  /** True: a dot, arrow or drag stops autoplay for good. False (default): it restarts the interval. */
  stopOnInteraction?: boolean;
};

export type CarouselProps = {
  /** The carousel's accessible name; or use `labelledBy` to point at a visible heading inside it. */
  label?: string;
  labelledBy?: string;
  /** One node per slide. */
  slides: ReactNode[];
  /**
   * Embla options (loop, slidesToScroll, breakpoints keyed by media query, duration…). Slide widths are not
   * options: set them in CSS with `slideLayout` on `className`, so the server's HTML is already laid out.
   */
  options?: EmblaOptionsType;
  autoplay?: CarouselAutoplayOptions;
  /** Re-measure this many ms after the last resize (the spec's 50 ms). */
  resizeDebounce?: number;
  /** How a slide announces itself to screen readers; defaults to "2 of 4". */
  slideLabel?: (index: number, count: number) => string;
  className?: string;
  viewportClassName?: string;
  slideClassName?: string;
  /** Controls (CarouselDots, CarouselPrevNext, CarouselAutoplayToggle, CarouselCounter) and any heading,
   *  placed before the slides in reading order; position them with CSS. */
  children?: ReactNode;
  /** Content after the slides in reading order. */
  after?: ReactNode;
};

const defaultSlideLabel = (index: number, count: number) => `${index + 1} of ${count}`;

/**
 * An embla carousel following the WAI-ARIA carousel pattern: a labelled region of labelled slide groups,
 * whose controls (children) share its state through context. Without JavaScript its viewport scrolls
 * natively and the controls hide.
 */
export function Carousel({
  label,
  labelledBy,
  slides,
  options,
  autoplay,
  resizeDebounce = 50,
  slideLabel = defaultSlideLabel,
  className,
  viewportClassName,
  slideClassName,
  children,
  after,
}: CarouselProps) {
  const rootRef = useRef<HTMLElement>(null);
  const reducedMotion = useMediaQuery(media.reducedMotion);
  // One debounce per carousel, so it keeps its timer across renders. Callers may pass a fresh options literal
  // on every render: useEmblaCarousel compares options by value and re-initialises only when one changes.
  const watchResize = useMemo(() => debouncedResize(resizeDebounce), [resizeDebounce]);
  const emblaOptions = useMemo<EmblaOptionsType>(
    () => ({ align: 'start', ...options, watchResize }),
    [options, watchResize],
  );
  const delay = autoplay?.delay;
  // The viewport is known once React has committed the server's HTML, so embla loads after hydration; until
  // it runs, the HTML is already laid out (and scrolls natively). It is set in a transition, rendered apart
  // from hydration's commit (a ref callback's state would be rendered synchronously within it).
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = viewportRef.current;
    startTransition(() => setViewport(element));
  }, []);
  const [api, setApi] = useState<EmblaCarouselType>();
  const control = useAutoplay(api, rootRef, {
    enabled: delay !== undefined,
    stopOnInteraction: autoplay?.stopOnInteraction ?? false,
    reducedMotion,
  });

  // The active dot's progress bar runs for the autoplay delay (an inline style would break the CSP).
  useEffect(() => {
    if (delay !== undefined) rootRef.current?.style.setProperty(styles.autoplayDelayVar, `${delay}ms`);
  }, [delay]);

  const context = useMemo<CarouselContextValue>(
    () => ({
      api,
      slideCount: slides.length,
      loop: options?.loop ?? false,
      reducedMotion,
      onInteraction: control.onInteraction,
      autoplay:
        delay === undefined ? undefined : { state: control.state, paused: control.paused, toggle: control.toggle },
    }),
    [
      api,
      slides.length,
      options?.loop,
      reducedMotion,
      control.onInteraction,
      control.state,
      control.paused,
      control.toggle,
      delay,
    ],
  );

  return (
    <CarouselContext.Provider value={context}>
      <CarouselFrame
        label={label}
        labelledBy={labelledBy}
        slides={slides}
        slideLabel={slideLabel}
        className={className}
        viewportClassName={viewportClassName}
        slideClassName={slideClassName}
        rootRef={rootRef}
        viewportRef={viewportRef}
        autoplayState={context.autoplay?.state}
        ready={api !== undefined}
        after={after}
      >
        {children}
      </CarouselFrame>
      {viewport ? (
        <Suspense fallback={null}>
          <EmblaBinding viewport={viewport} options={emblaOptions} autoplayDelay={delay} onApi={setApi} />
        </Suspense>
      ) : null}
    </CarouselContext.Provider>
  );
}
