/**
 * The rules that hide content on screen but keep it for assistive technology, for styles that need them
 * only at some widths (inside an @media block). `visuallyHidden` in a11y.css.ts is the always-on class.
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
