import { style } from '@vanilla-extract/css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const nav = style({
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});

export const menu = style({ listStyle: 'none', margin: 0, padding: 0 });

export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '3rem',
  padding: `0 ${vars.space.lg}`,
  borderLeft: '4px solid transparent',
  color: vars.color.inkSoft,
  fontWeight: 500,
  textDecoration: 'none',
  selectors: {
    'li + li > &': { borderTop: `1px solid ${vars.color.line}` },
    '&:hover': { background: vars.color.surface, color: vars.color.ink },
    // The selected item: a solid bar, bold ink and the warm tint, not colour alone.
    '&[aria-current="page"]': {
      borderLeftColor: vars.color.accent,
      background: vars.color.accentSoft,
      color: vars.color.ink,
      fontWeight: 700,
    },
  },
});

export const panel = style({ display: 'grid', gap: vars.space.md, alignContent: 'start', color: vars.color.inkSoft });

export const greeting = style({ fontSize: vars.fontSize.lg, color: vars.color.ink });

export const muted = style({ fontSize: vars.fontSize.md, color: vars.color.inkSoft });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: vars.space.lg,
});

export const cardHeading = style({ marginBottom: vars.space.xs, fontSize: vars.fontSize.lg });

export const address = style({ display: 'grid', fontStyle: 'normal' });

export const details = style({ display: 'grid', maxWidth: '32rem' });

export const detail = style({
  display: 'grid',
  gridTemplateColumns: '10rem 1fr',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.line}`,
  '@media': { [media.atMostSm]: { gridTemplateColumns: '1fr', gap: 0 } },
});

export const term = style({ fontWeight: 600, color: vars.color.ink });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });
