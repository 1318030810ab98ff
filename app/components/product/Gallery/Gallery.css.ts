import { style } from '@vanilla-extract/css';
import { slideLayout } from '../../carousel/layout';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

// One image per view with 20px between them (the spec's spacing); four in a row at 1024px and wider.
// Without JavaScript the images scroll natively and the next one peeks in, so there is visibly more.
export const root = style([
  slideLayout({ perView: 1, gap: '20px', at: { '(scripting: none)': { perView: 1.15 }, [media.lg]: { perView: 4 } } }),
  { display: 'flex', flexDirection: 'column', gap: vars.space.xs },
]);

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

// The controls come first in reading order (the pause control before what it pauses) and show below the images.
export const controls = style({
  order: 1,
  // The row keeps its height before the carousel's controls arrive, so nothing below moves.
  minHeight: vars.size.tapTarget,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  color: vars.color.ink,
  '@media': {
    [media.lg]: { display: 'none' },
    '(scripting: none)': { display: 'none' },
  },
});
