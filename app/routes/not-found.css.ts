import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const root = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.lg,
  maxWidth: '40rem',
  margin: '0 auto',
  padding: `${vars.space.section} ${vars.space.gutter}`,
  textAlign: 'center',
});

export const code = style({
  fontFamily: vars.font.display,
  fontSize: 'clamp(4rem, 3rem + 6vw, 7rem)',
  lineHeight: 1,
  color: vars.color.accent,
});

export const message = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });
