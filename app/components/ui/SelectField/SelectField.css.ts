import { style, styleVariants } from '@vanilla-extract/css';
import * as form from '../../../styles/form.css';
import { vars } from '../../../styles/theme.css';

// Three looks of one native select:
// - form: label above, full width, lined up with the text fields (the form's chevron);
// - inline: label beside the field, as in the shop's toolbar;
// - compact: label above in bold, a short field with the icon set's chevron, among a product's choices.

export const root = styleVariants({
  form: [form.field],
  inline: { display: 'inline-flex', alignItems: 'center', gap: vars.space.xs },
  compact: { display: 'grid', gap: vars.space.xs },
});

export const label = styleVariants({
  form: [form.label],
  inline: { fontSize: vars.fontSize.sm, color: vars.color.inkSoft, whiteSpace: 'nowrap' },
  compact: { fontSize: vars.fontSize.sm, fontWeight: 700 },
});

export const control = styleVariants({
  inline: { display: 'inline-flex', alignItems: 'center', flex: '1 1 auto' },
  compact: { position: 'relative', display: 'inline-flex', alignItems: 'center' },
});

export const select = styleVariants({
  form: [form.control, form.select],
  // The chevron is the form controls' background image: it moves with the field's right edge without being
  // an element of its own, so a field that widens (the shop's page size, once Apply goes) shifts nothing.
  inline: [
    form.select,
    {
      width: '100%',
      minHeight: vars.size.tapTarget,
      paddingLeft: vars.space.sm,
      paddingRight: '2rem',
      border: `1px solid ${vars.color.muted}`,
      borderRadius: vars.radius.sm,
      backgroundColor: vars.color.ground,
      color: vars.color.ink,
      fontSize: vars.fontSize.sm,
      ':hover': { borderColor: vars.color.ink },
    },
  ],
  compact: {
    appearance: 'none',
    minWidth: '7rem',
    minHeight: vars.size.tapTarget,
    padding: `0 2.5rem 0 ${vars.space.md}`,
    border: `1px solid ${vars.color.muted}`,
    borderRadius: vars.radius.sm,
    background: vars.color.ground,
    fontWeight: 600,
    cursor: 'pointer',
  },
});

export const chevron = style({ position: 'absolute', right: vars.space.sm, pointerEvents: 'none' });
