import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.lg, alignContent: 'start' });

export const heading = style({ display: 'grid', gap: vars.space.xs });

export const title = style({ fontSize: vars.fontSize.xxl });

export const rating = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.sm });

export const reviewsLink = style({ color: vars.color.inkSoft, ':hover': { color: vars.color.accent } });

export const price = style({ fontSize: vars.fontSize.xl });

export const choices = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: vars.space.lg });

export const stock = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  color: vars.color.inkSoft,
});

export const stockDot = style({
  width: '0.625rem',
  height: '0.625rem',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
});

export const actions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  '@media': { [media.atMostSm]: { gridTemplateColumns: '1fr' } },
});
