import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'inline-flex', alignItems: 'baseline', gap: vars.space.xs });

export const current = style({ fontWeight: 700, color: vars.color.ink });

export const old = style({ color: vars.color.muted, fontSize: '0.9em' });
