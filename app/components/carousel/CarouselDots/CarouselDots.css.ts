import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { progressDuration, root as carouselRoot } from '../Carousel/Carousel.css';

export const list = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xxs });

const fill = keyframes({ from: { transform: 'scaleX(0)' }, to: { transform: 'scaleX(1)' } });

// Class maps, not a recipe: no runtime in the browser bundle (docs/decisions/0005-javascript-budget.md).
export const dot = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: vars.size.tapTarget,
  minHeight: vars.size.tapTarget,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  '::before': { content: '""', position: 'absolute', transition: `background-color ${vars.duration.fast}` },
  '::after': { content: '""', position: 'absolute', transformOrigin: 'left center', transform: 'scaleX(0)' },
});

export const dotVariant = styleVariants({
  // "01" over a short rule; the current one's rule fills while autoplay counts down.
  numbered: {
    paddingBottom: vars.space.xs,
    fontSize: vars.fontSize.sm,
    fontWeight: 600,
    letterSpacing: '0.08em',
    fontVariantNumeric: 'tabular-nums',
    opacity: 0.75,
    selectors: {
      '&::before, &::after': { left: vars.space.xs, right: vars.space.xs, bottom: vars.space.xs, height: '2px' },
      '&::before': { background: 'currentColor', opacity: 0.3 },
      '&::after': { background: 'currentColor' },
      '&[aria-current="true"]': { opacity: 1 },
      '&[aria-current="true"]::after': { transform: 'scaleX(1)' },
      [`${carouselRoot}[data-autoplay="playing"] &[aria-current="true"]::after`]: {
        animation: `${fill} ${progressDuration} linear both`,
      },
      '&:hover': { opacity: 1 },
    },
  },
  // A round dot in a 44px target.
  dots: {
    selectors: {
      // Kept in forced colours (Windows high contrast), which would drop the current dot's fill; currentColor is
      // the system colour the button's text takes there.
      '&::before': {
        width: '10px',
        height: '10px',
        borderRadius: vars.radius.pill,
        border: '2px solid currentColor',
        forcedColorAdjust: 'none',
      },
      '&[aria-current="true"]::before': { background: 'currentColor' },
    },
  },
});
