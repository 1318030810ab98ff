import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: `${vars.space.md} ${vars.space.lg}`,
  '@media': { [media.aboveSm]: { gridTemplateColumns: '1fr 1fr' } },
});

export const full = style({ gridColumn: '1 / -1' });
