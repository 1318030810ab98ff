import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.08em',
  fontVariantNumeric: 'tabular-nums',
});
