import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start' });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 700 });

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  // The same outer height as a select beside it.
  height: vars.size.tapTarget,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
});

export const step = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  ':hover': { background: vars.color.surface },
  ':disabled': { color: vars.color.muted, cursor: 'not-allowed', background: 'transparent' },
});

export const input = style({
  width: '3rem',
  border: 0,
  borderInline: `1px solid ${vars.color.line}`,
  background: 'transparent',
  textAlign: 'center',
  fontWeight: 600,
  MozAppearance: 'textfield',
  selectors: {
    '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 },
  },
});
