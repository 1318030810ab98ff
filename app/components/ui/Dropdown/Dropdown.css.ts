import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { tokens } from '../../../styles/tokens';

export const root = style({ position: 'relative', display: 'inline-flex' });

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  fontWeight: 500,
  whiteSpace: 'nowrap',
  ':hover': { background: 'rgba(255, 255, 255, 0.12)' },
  '@media': { [media.atMostSm]: { padding: `0 ${vars.space.xs}` } },
});

export const panel = style({
  // Anchored below its trigger where CSS anchor positioning exists; under the header bar, at the
  // window's edge, where it does not.
  position: 'fixed',
  inset: '7.5rem 0.5rem auto auto',
  margin: 0,
  marginTop: vars.space.xs,
  minWidth: '14rem',
  maxWidth: 'min(22rem, calc(100vw - 1rem))',
  // As tall as the window below the header bar at most, scrolling within a shorter one.
  maxHeight: 'calc(100dvh - 8.5rem)',
  overflowY: 'auto',
  padding: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.ground,
  color: vars.color.ink,
  // A light panel, whatever bar it opens from (the header bar lightens its focus ring).
  vars: { [vars.color.focus]: tokens.color.focus },
  boxShadow: vars.shadow.popover,
  fontSize: vars.fontSize.sm,
  textAlign: 'start',
  '@supports': {
    '(position-area: bottom)': {
      inset: 'auto',
      positionArea: 'block-end span-inline-start',
      positionTryFallbacks: 'flip-inline',
    } as Record<string, string>,
  },
});

export const alignStart = style({
  inset: '7.5rem auto auto 0.5rem',
  '@supports': {
    '(position-area: bottom)': {
      inset: 'auto',
      positionArea: 'block-end span-inline-end',
    } as Record<string, string>,
  },
});

globalStyle(`${trigger} svg`, { flexShrink: 0 });
