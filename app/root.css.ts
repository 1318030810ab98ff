import { style } from '@vanilla-extract/css';
import { vars } from './styles/theme.css';

export const error = style({
  display: 'grid',
  gap: vars.space.md,
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.section} ${vars.space.gutter}`,
});

export const errorTitle = style({ fontSize: vars.fontSize.display });

export const errorDetail = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });

export const errorStack = style({
  overflowX: 'auto',
  padding: vars.space.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.xs,
});
