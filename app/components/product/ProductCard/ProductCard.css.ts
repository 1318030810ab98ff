import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ position: 'relative', display: 'grid', gap: vars.space.xs, alignContent: 'start' });

export const media = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  aspectRatio: '4 / 5',
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  transition: `transform ${vars.duration.slide} ease`,
  selectors: { [`${root}:hover &`]: { transform: 'scale(1.04)' } },
});

export const badge = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  padding: `0.15rem ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
});

export const badgeKind = styleVariants({
  new: { background: vars.color.ink, color: vars.color.ground },
  sale: { background: vars.color.accent, color: vars.color.accentInk },
});

export const brand = style({
  minHeight: '1.6em',
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});

export const title = style({ fontFamily: vars.font.body, fontSize: vars.fontSize.md, fontWeight: 500 });

export const link = style({
  color: 'inherit',
  textDecoration: 'none',
  // The whole card is the link's target area; the title stays the accessible name.
  '::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.md },
  ':hover': { textDecoration: 'underline' },
  ':focus-visible': { outline: 'none' },
  selectors: {
    // The stretched area draws the focus ring around the whole card, over the image and just inside the card's
    // edge: a carousel's frame clips what lies outside its slides.
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});
