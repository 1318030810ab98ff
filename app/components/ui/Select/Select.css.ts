import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft, whiteSpace: 'nowrap' });

export const control = style({ position: 'relative', display: 'inline-flex', alignItems: 'center', flex: '1 1 auto' });

export const select = style({
  appearance: 'none',
  width: '100%',
  minHeight: vars.size.tapTarget,
  padding: `0 2.25rem 0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  ':hover': { borderColor: vars.color.ink },
});

export const chevron = style({
  position: 'absolute',
  right: vars.space.sm,
  color: vars.color.inkSoft,
  pointerEvents: 'none',
});
