import { style } from '@vanilla-extract/css';
import * as layout from './styles/layout.css';
import { vars } from './styles/theme.css';

export const error = style([layout.pageBody, { display: 'grid', gap: vars.space.md }]);

export const errorTitle = style({ fontSize: vars.fontSize.display });

export const errorDetail = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });

export const errorStack = style({
  overflowX: 'auto',
  padding: vars.space.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.xs,
});
