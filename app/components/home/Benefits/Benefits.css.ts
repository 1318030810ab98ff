import { style } from '@vanilla-extract/css';
import * as layout from '../../../styles/layout.css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({ borderBottom: `1px solid ${vars.color.line}` });

export const list = style([
  layout.container,
  {
    listStyle: 'none',
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 1fr)',
    '@media': { [media.atMostSm]: { gridTemplateColumns: '1fr' } },
  },
]);

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.md}`,
  selectors: {
    '& + &': { borderLeft: `1px solid ${vars.color.line}` },
  },
  '@media': {
    [media.belowLg]: { flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.sm },
    [media.atMostSm]: {
      flexDirection: 'row',
      alignItems: 'center',
      padding: `${vars.space.md} 0`,
      selectors: { '& + &': { borderLeft: 0, borderTop: `1px solid ${vars.color.line}` } },
    },
  },
});

export const icon = style({
  flex: 'none',
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const copy = style({ display: 'grid', gap: '0.125rem' });

export const title = style({ fontSize: vars.fontSize.md, fontWeight: 700 });

export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
