import { createVar, fallbackVar, style } from '@vanilla-extract/css';

/** How many slides fill the viewport; set per breakpoint with `slideLayout` (see ../layout.ts). */
export const slidesPerView = createVar();
/** Space between slides. */
export const slideGap = createVar();
/** The autoplay delay, set from JavaScript, for progress indicators. */
export const autoplayDelay = createVar();
/** The custom property's bare name, for element.style.setProperty. */
export const autoplayDelayVar = autoplayDelay.replace(/^var\((.*)\)$/, '$1');

const perView = fallbackVar(slidesPerView, '1');
const gap = fallbackVar(slideGap, '0px');

// min-width 0: a carousel in a grid or flex item must not grow to the width of all its slides.
export const root = style({ position: 'relative', minWidth: 0 });

export const viewport = style({
  overflow: 'hidden',
  '@media': {
    // Without JavaScript the slides scroll natively, so every one of them stays reachable.
    '(scripting: none)': {
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      overscrollBehaviorX: 'contain',
    },
  },
});

// Embla moves the container and slides with transforms and measures offsetLeft. Never transition them: the
// reduced-motion reset gives every element a 0.01ms transition of all properties, and a transform still
// transitioning away while embla re-measures makes the container the slides' offsetParent (wrong gaps).
const noTransition = { transitionProperty: 'none' } as const;

export const container = style({
  ...noTransition,
  display: 'flex',
  // Embla drags horizontally; vertical panning and pinch zoom stay with the browser.
  touchAction: 'pan-y pinch-zoom',
  // Gaps are the slides' left padding, so a looping carousel keeps an even gap at the seam.
  marginLeft: `calc(${gap} * -1)`,
});

export const slide = style({
  ...noTransition,
  flex: `0 0 calc(100% / ${perView})`,
  minWidth: 0,
  paddingLeft: gap,
  '@media': { '(scripting: none)': { scrollSnapAlign: 'start' } },
});

/** Controls that need JavaScript hide when it is off. */
export const needsScript = style({
  // Doubled class: it must win over the control's own display, whichever stylesheet loads last.
  '@media': { '(scripting: none)': { selectors: { '&&': { display: 'none' } } } },
});

export const progressDuration = fallbackVar(autoplayDelay, '3000ms');
