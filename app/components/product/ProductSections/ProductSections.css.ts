import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({});

// A rule between sections, none around them.
globalStyle(`${root} > details:last-child`, { borderBottom: 0 });

export const blocks = style({ display: 'grid', gap: vars.space.md });

export const block = style({ display: 'grid', gap: vars.space.xxs });

export const blockHeading = style({ fontFamily: vars.font.body, fontSize: vars.fontSize.sm, fontWeight: 700 });

export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const summary = style({ fontSize: vars.fontSize.sm, fontWeight: 700, letterSpacing: '0.06em' });
