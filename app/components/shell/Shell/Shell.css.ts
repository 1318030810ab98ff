import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: '-10rem',
  zIndex: 10,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ink,
  color: vars.color.ground,
  ':focus': { top: vars.space.md },
});

export const main = style({ display: 'block', flex: '1 0 auto' });
