import { style } from '@vanilla-extract/css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const tiles = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.lg,
  '@media': { [media.atMostSm]: { gridTemplateColumns: '1fr', gap: vars.space.md } },
});

export const tile = style({ minWidth: 0 });

export const tileLink = style({
  position: 'relative',
  display: 'block',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.ink,
  textDecoration: 'none',
});

export const tileImage = style({
  width: '100%',
  aspectRatio: '640 / 440',
  objectFit: 'cover',
  transition: `transform ${vars.duration.slide} ease`,
  selectors: { [`${tileLink}:hover &`]: { transform: 'scale(1.03)' } },
});

// The label reads as the tile's button: a solid pill over the picture.
export const tileLabel = style({
  position: 'absolute',
  left: '50%',
  bottom: vars.space.lg,
  transform: 'translateX(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
  boxShadow: vars.shadow.popover,
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: { [`${tileLink}:hover &`]: { background: vars.color.ink, color: vars.color.ground } },
});

export const statement = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  maxWidth: '46rem',
  margin: '0 auto',
  padding: `${vars.space.section} 0`,
  textAlign: 'center',
});

export const statementHeading = style({ fontSize: vars.fontSize.display });

export const statementText = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft, lineHeight: 1.7 });

export const blocks = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.xl,
  paddingTop: vars.space.xl,
  borderTop: `1px solid ${vars.color.line}`,
  '@media': { [media.atMostMd]: { gridTemplateColumns: '1fr' } },
});

export const block = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start', color: vars.color.inkSoft });
