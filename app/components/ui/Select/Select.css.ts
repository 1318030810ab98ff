import { style } from '@vanilla-extract/css';
import * as form from '../../../styles/form.css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft, whiteSpace: 'nowrap' });

export const control = style({ display: 'inline-flex', alignItems: 'center', flex: '1 1 auto' });

// The chevron is the form controls' background image: it moves with the field's right edge without being an
// element of its own, so a field that widens (the shop's page size, once Apply goes) shifts nothing.
export const select = style([
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
]);
