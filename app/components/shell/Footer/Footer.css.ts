import { style } from '@vanilla-extract/css';
import * as layout from '../../../styles/layout.css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({
  marginTop: 'auto',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.line}`,
  fontSize: vars.fontSize.sm,
});

export const inner = style([
  layout.container,
  {
    display: 'grid',
    gridTemplateColumns: '2fr repeat(3, 1fr)',
    gap: vars.space.xl,
    paddingBlock: vars.space.xxl,
    '@media': {
      [media.atMostLg]: { gridTemplateColumns: 'repeat(3, 1fr)' },
      [media.atMostSm]: { gridTemplateColumns: '1fr 1fr' },
    },
  },
]);

export const about = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  '@media': { [media.atMostLg]: { gridColumn: '1 / -1' } },
});

export const brand = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.xl, fontWeight: 700 });

export const contact = style({ fontStyle: 'normal', display: 'grid', gap: vars.space.xs, color: vars.color.inkSoft });

export const contactLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const heading = style({
  marginBottom: vars.space.sm,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.12em',
});

export const list = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space.xxs });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2rem',
  color: vars.color.inkSoft,
  textDecoration: 'none',
  ':hover': { color: vars.color.accent, textDecoration: 'underline' },
});

export const social = style({ listStyle: 'none', padding: 0, display: 'flex', gap: vars.space.xs });

export const socialLink = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.ground,
  color: vars.color.ink,
  ':hover': { color: vars.color.accent, borderColor: vars.color.accent },
});

export const legal = style({
  borderTop: `1px solid ${vars.color.line}`,
  padding: `${vars.space.md} ${vars.space.gutter}`,
  textAlign: 'center',
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
});
