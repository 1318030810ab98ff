import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

// Variants are plain class maps (styleVariants) rather than a recipe: no runtime ships to the browser,
// which matters under the JavaScript budget (docs/decisions/0005-javascript-budget.md).

/** Shared look of buttons and of links styled as buttons. */
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.lg}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
});

export const tone = styleVariants({
  primary: {
    background: vars.color.ink,
    color: vars.color.ground,
    ':hover': { background: vars.color.accent },
  },
  accent: {
    background: vars.color.accent,
    color: vars.color.accentInk,
    ':hover': { background: vars.color.ink },
  },
  secondary: {
    background: vars.color.ground,
    color: vars.color.ink,
    borderColor: vars.color.ink,
    ':hover': { background: vars.color.ink, color: vars.color.ground },
  },
});

export const width = styleVariants({
  auto: {},
  // As wide as its column, so its words wrap there rather than push past it (with the text spacing of WCAG 1.4.12
  // at 320px, Proceed to Checkout pushed the cart page sideways).
  full: { width: '100%', whiteSpace: 'normal', textAlign: 'center' },
});
