import { style } from '@vanilla-extract/css';
import * as layout from '../../../styles/layout.css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({
  background: vars.color.ground,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const inner = style([
  layout.container,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.lg,
    paddingBlock: vars.space.sm,
    minHeight: '4rem',
  },
]);

export const brand = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  letterSpacing: '0.02em',
  textDecoration: 'none',
  color: vars.color.ink,
});

export const menuButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  '@media': { [media.lg]: { display: 'none' } },
});

export const links = style({
  listStyle: 'none',
  // Below 1024px the list is a popover under the top bar, opened by the menu button.
  position: 'fixed',
  inset: '4rem 0 auto auto',
  width: 'min(20rem, 100vw)',
  height: 'auto',
  // A window shorter than the list (a phone on its side, a page zoomed 400%): the list scrolls within it.
  maxHeight: 'calc(100dvh - 4rem)',
  overflowY: 'auto',
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: `0 0 0 ${vars.radius.md}`,
  background: vars.color.ground,
  color: vars.color.ink,
  boxShadow: vars.shadow.popover,
  flexDirection: 'column',
  gap: vars.space.xxs,
  selectors: {
    '&:popover-open': { display: 'flex' },
  },
  '@media': {
    // At 1024px and wider the links always show, in the bar, whatever the popover state.
    [media.lg]: {
      position: 'static',
      display: 'flex',
      flexDirection: 'row',
      width: 'auto',
      padding: 0,
      border: 0,
      boxShadow: 'none',
      background: 'transparent',
      gap: vars.space.xs,
      maxHeight: 'none',
      overflow: 'visible',
      selectors: {
        // Opened below 1024px and still open once the window is wider (without JavaScript nothing closes it): a
        // popover stays in the top layer, out of the bar, so it is drawn where the bar would have it, boxed as
        // `inner` is (the bar is the top of the page; the top layer's containing block is the page's).
        '&:popover-open': {
          position: 'absolute',
          inset: `0 calc(max(0px, (100% - ${vars.size.content}) / 2) + ${vars.space.gutter}) auto auto`,
          minHeight: '4rem',
          paddingBlock: vars.space.sm,
          alignItems: 'center',
        },
      },
    },
  },
});

export const item = style({ position: 'relative' });

export const link = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  textDecoration: 'none',
  color: vars.color.inkSoft,
  ':hover': { color: vars.color.accent },
  selectors: {
    '&[aria-current="page"]': {
      color: vars.color.ink,
      textDecoration: 'underline',
      textDecorationThickness: '2px',
      textUnderlineOffset: '0.5em',
    },
  },
});

export const tooltip = style({
  display: 'none',
  position: 'absolute',
  zIndex: 2,
  top: '100%',
  right: 0,
  width: '16rem',
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.ink,
  color: vars.color.ground,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.5,
  fontWeight: 400,
  textTransform: 'none',
  letterSpacing: 0,
  selectors: {
    [`${link}:hover + &, ${link}:focus-visible + &, &:hover`]: { display: 'block' },
    // Dismissed with Escape (TopNav): hidden whatever hovers or has focus.
    [`${link} + &[data-dismissed]`]: { display: 'none' },
    // Shown by a resting pointer, it would cover the buttons below it (Account, Cart) as keyboard focus reaches
    // them (WCAG 2.4.11): it gives way to a header button's keyboard focus. (Buttons only: a text field matches
    // :focus-visible after a click too, and the search field is never wholly covered.)
    [`header:has(button:focus-visible) ${link} + &`]: { display: 'none' },
  },
  '@media': { [media.belowLg]: { position: 'static', width: 'auto', marginBottom: vars.space.xs } },
});
