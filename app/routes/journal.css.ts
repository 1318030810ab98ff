import { style } from '@vanilla-extract/css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const intro = style({
  maxWidth: '40rem',
  marginBottom: vars.space.xl,
  fontSize: vars.fontSize.lg,
  color: vars.color.inkSoft,
});

export const list = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: `${vars.space.xxl} ${vars.space.xl}`,
  '@media': {
    [media.atMostLg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.atMostSm]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const article = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });

export const featuredArticle = style({
  '@media': { [media.aboveMd]: { gridTemplateColumns: '3fr 2fr', gap: vars.space.xxl, alignItems: 'center' } },
});

// The newest article leads: the full row, picture beside the text on wide screens.
export const featured = style({
  gridColumn: '1 / -1',
  paddingBottom: vars.space.xl,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const image = style({
  width: '100%',
  aspectRatio: '8 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const body = style({ display: 'grid', gap: vars.space.xs, alignContent: 'center' });

export const title = style({
  fontSize: vars.fontSize.xl,
  selectors: { [`${featured} &`]: { fontSize: vars.fontSize.xxl } },
});

export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const excerpt = style({ color: vars.color.inkSoft });
