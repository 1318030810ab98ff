import type { ReactNode, Ref } from 'react';
import { cx } from '../../../lib/class-names';
import * as styles from '../Carousel/Carousel.css';

export type CarouselFrameProps = {
  label?: string;
  labelledBy?: string;
  slides: ReactNode[];
  slideLabel: (index: number, count: number) => string;
  className?: string;
  viewportClassName?: string;
  slideClassName?: string;
  rootRef?: Ref<HTMLElement>;
  viewportRef?: Ref<HTMLDivElement>;
  /** The autoplay state and whether embla runs, for styles. */
  autoplayState?: string;
  ready?: boolean;
  /** Before the slides in reading order: controls and headings. */
  children?: ReactNode;
  after?: ReactNode;
};

/**
 * The carousel's markup alone, with no behaviour: a labelled region of labelled slide groups. Carousel
 * drives it; a page that turns it into a carousel later (the product gallery) renders it still until then,
 * with the very same layout.
 */
export function CarouselFrame({
  label,
  labelledBy,
  slides,
  slideLabel,
  className,
  viewportClassName,
  slideClassName,
  rootRef,
  viewportRef,
  autoplayState,
  ready,
  children,
  after,
}: CarouselFrameProps) {
  return (
    <section
      ref={rootRef}
      className={cx(styles.root, className)}
      aria-roledescription="carousel"
      aria-label={label}
      aria-labelledby={labelledBy}
      data-autoplay={autoplayState}
      data-ready={ready ? 'true' : undefined}
    >
      {children}
      <div ref={viewportRef} className={cx(styles.viewport, viewportClassName)}>
        <div className={styles.container}>
          {slides.map((slide, index) => (
            <div
              // Slides are positional: their order never changes.
              key={index}
              className={cx(styles.slide, slideClassName)}
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(index, slides.length)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {after}
    </section>
  );
}
