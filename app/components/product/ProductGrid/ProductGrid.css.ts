import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space.xl} ${vars.space.md}`,
  '@media': {
    [media.aboveSm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: vars.space.lg },
  },
});

export const item = style({ display: 'grid' });
