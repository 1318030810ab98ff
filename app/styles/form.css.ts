import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The look shared by every form control, so text fields, selects and text areas line up.

export const field = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start', minWidth: 0 });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.ink });

export const optional = style({ fontWeight: 400, color: vars.color.muted });

export const control = style({
  width: '100%',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  color: vars.color.ink,
  ':hover': { borderColor: vars.color.ink },
  '::placeholder': { color: vars.color.muted, opacity: 1 },
});

export const textarea = style({
  minHeight: '9rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  resize: 'vertical',
});

const chevron =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%231b1b1b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E\")";

export const select = style({
  appearance: 'none',
  paddingRight: '2.5rem',
  backgroundImage: chevron,
  backgroundRepeat: 'no-repeat',
  backgroundPosition: `right ${vars.space.sm} center`,
  backgroundSize: '1.1rem',
  cursor: 'pointer',
});

/** A checkbox or radio drawn by the browser, in the shop's colour and a size easy to hit. */
export const choiceInput = style({
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  margin: '0.15rem 0 0',
  accentColor: vars.color.accent,
  cursor: 'pointer',
});

export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minHeight: vars.size.tapTarget,
  paddingBlock: vars.space.xs,
  cursor: 'pointer',
});
