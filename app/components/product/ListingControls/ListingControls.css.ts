import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

// On phones the form takes its own row with the labels above the fields, so that when JavaScript hides the
// Apply button the row keeps its height and the grid below does not move.
export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': {
    [media.atMostSm]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
      // Apply gets a column of its own only while it is shown.
      gridAutoFlow: 'column',
      gridAutoColumns: 'auto',
      alignItems: 'end',
      width: '100%',
    },
  },
});

export const field = style({
  '@media': {
    [media.atMostSm]: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: vars.space.xxs },
  },
});

export const apply = style({ '@media': { [media.atMostSm]: { paddingInline: vars.space.md } } });
