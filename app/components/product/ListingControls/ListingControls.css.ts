import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

// Once hydrated, JavaScript hides the Apply button, and nothing else may move then (the form sits at the
// right, so what comes before Apply would). Apply shares the last column with the page size, whose field
// then grows to its right. On phones the form takes its own row with the labels above the fields, so the row
// keeps its height too.
export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': {
    [media.atMostSm]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      alignItems: 'end',
      width: '100%',
    },
  },
});

export const lastColumn = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  // Room for the page size and Apply side by side.
  width: '14.5rem',
  '@media': { [media.atMostSm]: { width: 'auto', minWidth: 0 } },
});

// On phones the labels go above the fields. The descendant selector outranks the field's own layout,
// whichever stylesheet loads first.
export const field = style({
  '@media': {
    [media.atMostSm]: {
      selectors: {
        [`${root} &`]: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: vars.space.xxs },
      },
    },
  },
});

export const lastField = style([field, { flex: '1 1 0', minWidth: 0 }]);

export const apply = style({ flex: 'none', '@media': { [media.atMostSm]: { paddingInline: vars.space.sm } } });
