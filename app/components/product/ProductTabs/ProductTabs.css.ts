import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const description = style({ display: 'grid', gap: vars.space.md, maxWidth: '70ch', color: vars.color.inkSoft });

export const reviews = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [media.lg]: { gridTemplateColumns: '1fr 1fr', alignItems: 'start', gap: vars.space.xxl } },
});

export const reviewList = style({ display: 'grid', gap: vars.space.md });

export const reviewsHeading = style({ fontSize: vars.fontSize.xl });

export const list = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space.md });

export const review = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.pill,
  background: vars.color.ink,
  color: vars.color.ground,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
});

export const reviewBody = style({ display: 'grid', gap: vars.space.xxs, alignContent: 'start' });

export const author = style({ fontFamily: vars.font.body, fontSize: vars.fontSize.md, fontWeight: 700 });

export const reviewText = style({ color: vars.color.inkSoft });
