/**
 * The rules that hide content on screen and keep it for assistive technology. a11y.css.ts makes the
 * `visuallyHidden` class of them; styles that hide something at some widths only spread them in a media query.
 */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
