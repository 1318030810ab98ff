import { style, styleVariants } from '@vanilla-extract/css';
import * as form from '../../../styles/form.css';
import { vars } from '../../../styles/theme.css';
import { forcedColors, withoutScripting } from '../../../styles/user-preferences';

export const root = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start' });

const controls = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  selectors: { '&:focus-within': { borderColor: vars.color.ink } },
});

const button = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  minHeight: vars.size.tapTarget,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.ink,
  ':hover': { background: vars.color.surface, color: vars.color.accent },
  selectors: { '&[aria-disabled="true"]': { cursor: 'default' } },
  // Without JavaScript they could not step the number: the input's own arrows do (below).
  '@media': { [withoutScripting]: { display: 'none' } },
});

// "form" lines up with the other form fields; "compact" sits beside a select at its height, in the bold
// labels of a product's choices, and shows a step that cannot be taken as disabled.
export const label = styleVariants({
  form: [form.label],
  compact: { fontSize: vars.fontSize.sm, fontWeight: 700 },
});

export const stepper = styleVariants({
  form: [controls],
  compact: [controls, { height: vars.size.tapTarget }],
});

export const step = styleVariants({
  form: [button],
  compact: [
    button,
    {
      selectors: {
        '&[aria-disabled="true"]': { color: vars.color.muted, cursor: 'not-allowed', background: 'transparent' },
      },
      // Forced colours would draw it as any other button (a disabled one the browser draws in GrayText).
      '@media': { [forcedColors]: { selectors: { '&[aria-disabled="true"]': { color: 'GrayText' } } } },
    },
  ],
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
  // The − and + buttons replace the browser's own spin arrows, which come back where they cannot.
  MozAppearance: 'textfield',
  selectors: {
    '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', margin: 0 },
  },
  '@media': {
    [withoutScripting]: {
      width: '4.5rem',
      paddingInlineStart: vars.space.xs,
      borderInline: 0,
      appearance: 'auto',
      selectors: { '&::-webkit-inner-spin-button': { WebkitAppearance: 'inner-spin-button' } },
    },
  },
});
