import { style } from '@vanilla-extract/css';
import * as layout from '../../../styles/layout.css';
import { media } from '../../../styles/media';
import { onInk } from '../../../styles/surfaces.css';
import { vars } from '../../../styles/theme.css';

// Its dropdowns' light panels set the focus ring back to the default (ui/Dropdown).
export const root = onInk;

// The account and cart columns keep their width even before their markup has arrived: a browser may paint
// the bar while the rest of the page is still parsing, and nothing may move once the cart comes in.
const accountColumn = 'minmax(2.375rem, auto)';
const cartColumn = 'minmax(4.125rem, auto)';

export const inner = style([
  layout.container,
  {
    display: 'grid',
    gridTemplateColumns: `auto 1fr ${accountColumn} ${cartColumn}`,
    alignItems: 'center',
    gap: vars.space.sm,
    paddingBlock: vars.space.xs,
    '@media': {
      [media.atMostSm]: {
        gap: vars.space.xs,
        gridTemplateColumns: `minmax(0, 1fr) ${accountColumn} ${cartColumn}`,
        gridTemplateAreas: '"category account cart" "search search search"',
      },
    },
  },
]);

export const category = style({ '@media': { [media.atMostSm]: { gridArea: 'category', minWidth: 0 } } });

// On the narrowest phones the category label wraps rather than push the page sideways.
export const categoryTrigger = style({
  '@media': { [media.atMostSm]: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.15 } },
});
export const account = style({ '@media': { [media.atMostSm]: { gridArea: 'account' } } });
export const cart = style({ '@media': { [media.atMostSm]: { gridArea: 'cart' } } });

export const search = style({
  '@media': { [media.atMostSm]: { gridArea: 'search', paddingBottom: vars.space.xs } },
});

// On the dark bar the field needs no border; the descendant selector outranks SearchBox's own.
export const searchInput = style({
  selectors: { [`${search} &`]: { borderColor: 'transparent', minHeight: '2.75rem' } },
});

export const menuList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xxs });

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: '2.5rem',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  textAlign: 'start',
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  ':hover': { background: vars.color.surface },
});

export const count = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  padding: '0 0.3rem',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  lineHeight: 1,
});

// 17rem, or what a 320px window leaves inside the dropdown (its width less its margins, padding and border).
export const cartPanel = style({ display: 'grid', gap: vars.space.md, minWidth: 'min(17rem, 100vw - 3.125rem)' });

export const cartHeading = style({ fontWeight: 700, fontSize: vars.fontSize.sm });

export const cartItem = style({
  display: 'grid',
  gridTemplateColumns: '4rem minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const cartImage = style({ borderRadius: vars.radius.sm, background: vars.color.surface });

export const cartName = style({ fontWeight: 600, overflowWrap: 'anywhere' });

export const cartPrice = style({ color: vars.color.muted });

export const removeButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.muted,
  ':hover': { color: vars.color.accent, background: vars.color.surface },
});

export const subtotal = style({ display: 'flex', justifyContent: 'space-between', fontWeight: 700 });

export const cartActions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xs,
  // The two buttons side by side need 340px of window; in a narrower one they stack.
  '@media': { '(max-width: 339.98px)': { gridTemplateColumns: '1fr' } },
});
