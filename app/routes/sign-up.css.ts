import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

// One readable column, centred under the title band.
export const column = style({ maxWidth: '48rem', margin: '0 auto' });

export const intro = style({ marginBottom: vars.space.xl, color: vars.color.inkSoft });

export const form = style({ display: 'grid', gap: vars.space.xl });

export const section = style({ paddingTop: vars.space.lg, borderTop: `1px solid ${vars.color.line}` });

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

// Legends read as the section headings of the form.
export const legend = style({
  marginBottom: vars.space.md,
  padding: 0,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: 600,
});

export const actions = style({ display: 'grid', gap: vars.space.md });
