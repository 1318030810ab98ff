import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

// min-width 0: in a grid or flex track the field shrinks with the track instead of overflowing the page.
export const root = style({ position: 'relative', display: 'flex', alignItems: 'center', width: '100%', minWidth: 0 });

export const icon = style({
  position: 'absolute',
  left: vars.space.md,
  color: vars.color.muted,
  pointerEvents: 'none',
});

export const input = style({
  width: '100%',
  minWidth: 0,
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md} 0 2.5rem`,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.pill,
  background: vars.color.ground,
  color: vars.color.ink,
  '::placeholder': { color: vars.color.muted },
});
