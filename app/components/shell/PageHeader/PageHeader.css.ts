import { style } from '@vanilla-extract/css';
import * as layout from '../../../styles/layout.css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const inner = style([layout.container, { display: 'grid', gap: vars.space.xs, paddingBlock: vars.space.xl }]);

export const title = style({ fontSize: vars.fontSize.display });

export const trail = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

export const crumb = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  selectors: {
    '& + &::before': { content: '"›"', color: vars.color.muted },
  },
});

export const crumbLink = style({ color: vars.color.inkSoft, ':hover': { color: vars.color.accent } });
