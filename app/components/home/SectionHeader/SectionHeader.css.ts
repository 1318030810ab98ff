import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../../styles/a11y.css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.xl,
});

export const heading = style({ display: 'grid', gap: vars.space.xs });

/** The small uppercase line above a heading; the home page's other blocks share it. */
export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.16em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});

export const title = style({ fontSize: 'clamp(1.75rem, 1.3rem + 1.6vw, 2.5rem)', letterSpacing: '-0.01em' });

export const text = style({ color: vars.color.inkSoft });

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg });

/** An uppercase, underlined link ("View all", "Shop women"); the home page's other blocks share it. */
export const textLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  textDecoration: 'underline',
  textDecorationThickness: '1px',
  ':hover': { color: vars.color.accent },
});

export const link = style([textLink, { minHeight: vars.size.tapTarget }]);

/** "View all New Arrivals" for screen readers; "View all" on screen. */
export const linkContext = visuallyHidden;
