import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontSize: vars.fontSize.sm, fontWeight: 600 });

export const options = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space.xl });

export const stacked = style({ flexDirection: 'column' });

export const option = style({ display: 'grid' });

export const optionLabel = style({ fontWeight: 500 });

// A choice's description shows while it is chosen, with or without JavaScript.
export const description = style({
  display: 'none',
  margin: `0 0 ${vars.space.xs} 2rem`,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});

globalStyle(`${option}:has(input:checked) ${description}`, { display: 'block' });
