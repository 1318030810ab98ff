import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * A dark surface (the header bar, the home page's social offer): light text, and focus rings light enough to stand
 * out on it (WCAG 1.4.11: the default blue is 2.6:1 on ink).
 */
export const onInk = style({
  background: vars.color.ink,
  color: vars.color.ground,
  vars: { [vars.color.focus]: vars.color.focusOnInk },
});
