import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.section} ${vars.space.gutter}`,
  color: vars.color.inkSoft,
});
