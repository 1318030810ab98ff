import { style } from '@vanilla-extract/css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const intro = style({ color: vars.color.inkSoft });

export const offices = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const details = style({ display: 'grid', gap: vars.space.sm, fontSize: vars.fontSize.sm });

export const detail = style({
  display: 'grid',
  gridTemplateColumns: '9rem 1fr',
  gap: vars.space.sm,
  '@media': { [media.atMostSm]: { gridTemplateColumns: '1fr', gap: vars.space.xxs } },
});

export const term = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, fontWeight: 600 });

export const icon = style({ color: vars.color.accent });

export const value = style({ margin: 0, color: vars.color.inkSoft, overflowWrap: 'anywhere' });

export const address = style({ display: 'grid', fontStyle: 'normal' });

export const line = style({ display: 'block' });
