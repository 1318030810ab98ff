import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ borderBottom: `1px solid ${vars.color.line}` });

export const summary = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: vars.size.tapTarget,
  padding: `${vars.space.sm} 0`,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.06em',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { color: vars.color.accent },
  },
});

export const marker = style({
  flexShrink: 0,
  transition: `transform ${vars.duration.fast}`,
  selectors: { [`${root}[open] &`]: { transform: 'rotate(180deg)' } },
});

export const content = style({ paddingBottom: vars.space.md });
