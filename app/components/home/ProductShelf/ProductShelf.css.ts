import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const grid = style({
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: `${vars.space.xl} ${vars.space.lg}`,
  padding: 0,
  '@media': {
    [media.atMostMd]: { gap: `${vars.space.lg} ${vars.space.md}` },
    [media.atMostSm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});
