import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../../styles/a11y.css';
import { vars } from '../../../styles/theme.css';
import { forcedColors } from '../../../styles/user-preferences';

export const root = style({ position: 'relative', margin: 0, padding: 0, border: 0, minWidth: 0 });

const LEGEND_WIDTH = '4.75rem';

export const legend = style({
  float: 'left',
  width: LEGEND_WIDTH,
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  '::after': { content: '":"' },
});

export const options = style({ clear: 'both', display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const swatch = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  borderRadius: vars.radius.pill,
  border: `2px solid transparent`,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.line },
    '&:has(input:checked)': { borderColor: vars.color.ink },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  // Forced colours would ring every swatch alike: the chosen one's ring in the highlight colour.
  '@media': {
    [forcedColors]: { borderColor: 'Canvas', selectors: { '&:has(input:checked)': { borderColor: 'Highlight' } } },
  },
});

// The radio stays in the accessibility tree and takes focus; the circle is what shows.
export const input = style([visuallyHidden]);

export const dot = style({ stroke: vars.color.line, strokeWidth: 1 });

// The chosen colour's name appears beside the legend; the others stay readable to assistive technology.
export const name = style([
  visuallyHidden,
  {
    selectors: {
      [`${swatch}:has(input:checked) &`]: {
        position: 'absolute',
        top: 0,
        left: LEGEND_WIDTH,
        width: 'auto',
        height: 'auto',
        margin: 0,
        overflow: 'visible',
        clip: 'auto',
        fontSize: vars.fontSize.sm,
        color: vars.color.inkSoft,
      },
    },
  },
]);
