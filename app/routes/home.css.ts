import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const sections = style({
  display: 'grid',
  gap: vars.space.section,
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.section} ${vars.space.gutter}`,
});
