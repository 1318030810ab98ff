import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });

export const intro = style({ color: vars.color.inkSoft });
