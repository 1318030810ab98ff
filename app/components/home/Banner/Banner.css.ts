import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({
  maxWidth: '1600px',
  margin: '0 auto',
  background: vars.color.surface,
  // cqw units below measure the banner, not the window (whose width may include a scrollbar).
  containerType: 'inline-size',
  // The slide's own height (see slide) before any slide is there: the controls come first in the document and
  // stand on the banner's lower edge, so a paint while the document still streams in (the slides not yet
  // parsed) showed them at its top, and they jumped when the slides came (a layout shift). Copy taller than the
  // ratio still makes the banner taller. At 640px or less the controls are placed from the top.
  aspectRatio: '16 / 7',
  '@media': {
    [media.atMostMd]: { aspectRatio: '2 / 1' },
    [media.atMostSm]: { aspectRatio: 'auto' },
  },
});

/**
 * Three layouts, all in CSS so the server's HTML is already final. Above 768px the copy lies over the image's
 * quiet left side and a spacer holds the image's ratio (longer copy makes the slide taller, never spills).
 * From 641 to 768px copy and image sit side by side. At 640px or less the copy sits under the image.
 */
export const slide = style({
  position: 'relative',
  display: 'grid',
  height: '100%',
  '::before': { content: '""', gridArea: '1 / 1', aspectRatio: '16 / 7' },
  '@media': {
    [media.atMostMd]: {
      gridTemplateColumns: '1fr 1fr',
      '::before': { gridArea: '1 / 2', aspectRatio: '1 / 1' },
    },
    [media.atMostSm]: {
      gridTemplateColumns: '1fr',
      gridTemplateRows: 'auto 1fr',
      '::before': { display: 'none' },
    },
  },
});

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  // The art lives on the right half of every banner image; crops keep it.
  objectPosition: 'right center',
  '@media': {
    [media.atMostMd]: { position: 'static', gridArea: '1 / 2', objectPosition: '88% center' },
    [media.atMostSm]: { gridArea: '1 / 1', height: 'auto', aspectRatio: '4 / 3', objectPosition: 'right center' },
  },
});

const copyInset = `max(${vars.space.gutter}, calc((100% - ${vars.size.content}) / 2 + ${vars.space.gutter}))`;

export const copy = style({
  // Above the absolutely positioned image.
  position: 'relative',
  gridArea: '1 / 1',
  alignSelf: 'center',
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.md,
  // Never past the middle, where the art begins.
  maxWidth: `min(calc(${copyInset} + 34rem), 52%)`,
  // Room at the bottom for the dots.
  padding: `${vars.space.xl} ${vars.space.gutter} 5rem ${copyInset}`,
  '@media': {
    [media.atMostMd]: { maxWidth: 'none', gap: vars.space.sm, paddingLeft: vars.space.gutter },
    [media.atMostSm]: { gridArea: '2 / 1', alignSelf: 'start', padding: `${vars.space.lg} ${vars.space.gutter}` },
  },
});

export const title = style({
  fontSize: 'clamp(1.75rem, 1rem + 2.6vw, 3.5rem)',
  lineHeight: 1.05,
  letterSpacing: '-0.01em',
  textWrap: 'balance',
});

export const text = style({
  maxWidth: '30rem',
  fontSize: vars.fontSize.lg,
  color: vars.color.inkSoft,
  '@media': { [media.atMostMd]: { fontSize: vars.fontSize.md } },
});

export const cta = style({ marginTop: vars.space.xs });

export const controls = style({
  position: 'absolute',
  zIndex: 1,
  bottom: vars.space.md,
  left: copyInset,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.ink,
  '@media': {
    [media.atMostMd]: { left: vars.space.gutter },
    // On the image's lower edge (the image is 4:3), on a pill that keeps the numbers readable over the art.
    [media.atMostSm]: {
      top: `calc(75cqw - 44px - ${vars.space.sm} * 2)`,
      bottom: 'auto',
      left: vars.space.sm,
      padding: `0 ${vars.space.sm} 0 0`,
      borderRadius: vars.radius.pill,
      background: vars.color.ground,
    },
    // Its dots and pause control need JavaScript (without it the slides scroll natively).
    '(scripting: none)': { display: 'none' },
  },
});
