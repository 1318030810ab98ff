import { style } from '@vanilla-extract/css';
import { media as mediaQueries } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { textLink } from '../SectionHeader/SectionHeader.css';

export const list = style({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.lg,
  padding: 0,
  '@media': {
    [mediaQueries.atMostMd]: { gap: vars.space.md },
    [mediaQueries.atMostSm]: { gridTemplateColumns: '1fr' },
  },
});

export const card = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.md,
  selectors: {
    '&:has(a:focus-visible)': {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '4px',
      borderRadius: vars.radius.md,
    },
  },
});

export const media = style({
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  aspectRatio: '4 / 5',
  '@media': { [mediaQueries.atMostSm]: { aspectRatio: '4 / 3' } },
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  transition: `transform ${vars.duration.slide} ease`,
  selectors: { [`${card}:hover &`]: { transform: 'scale(1.03)' } },
});

export const copy = style({ display: 'grid', justifyItems: 'start', gap: vars.space.xs });

export const title = style({
  fontSize: 'clamp(1.25rem, 1rem + 0.8vw, 1.625rem)',
  textWrap: 'balance',
});

// The link covers the whole card (its ::after); the card draws the focus ring.
export const link = style([
  textLink,
  {
    minHeight: '2rem',
    '::after': { content: '""', position: 'absolute', inset: 0 },
    ':focus-visible': { outline: 'none' },
    selectors: { [`${card}:hover &`]: { color: vars.color.accent } },
  },
]);
