import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start' });

export const controls = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  selectors: { '&:focus-within': { borderColor: vars.color.ink } },
});

export const button = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  minHeight: vars.size.tapTarget,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.ink,
  ':hover': { background: vars.color.surface, color: vars.color.accent },
  ':disabled': { cursor: 'default' },
});

export const input = style({
  width: '3rem',
  minHeight: vars.size.tapTarget,
  padding: 0,
  border: 0,
  borderInline: `1px solid ${vars.color.line}`,
  background: 'transparent',
  textAlign: 'center',
  fontWeight: 600,
  // The − and + buttons replace the browser's own spin arrows.
  MozAppearance: 'textfield',
  selectors: {
    '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 },
  },
});
