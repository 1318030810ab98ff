import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'inline-flex', alignItems: 'center', gap: '2px', color: vars.color.accent });

export const filled = style({
  fill: 'currentColor',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinejoin: 'round',
});

export const empty = style({ fill: 'none', stroke: 'currentColor', strokeWidth: 1.5, strokeLinejoin: 'round' });
