import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { onInk } from '../../../styles/surfaces.css';
import { vars } from '../../../styles/theme.css';

/** Image and pitch side by side; stacked at 768px or less. */
export const root = style([
  onInk,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)',
    overflow: 'hidden',
    borderRadius: vars.radius.md,
    // minmax(0, …): never wider than the panel, whatever the pitch's widest line (the button's, unbroken).
    '@media': { [media.atMostMd]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  },
]);

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const copy = style({
  display: 'grid',
  alignContent: 'center',
  justifyItems: 'start',
  gap: vars.space.md,
  padding: `${vars.space.xxl} clamp(${vars.space.lg}, 4vw, ${vars.space.xxl})`,
  // A phone's width leaves the button its one line from 375px.
  '@media': { [media.atMostSm]: { paddingInline: vars.space.md } },
});

// The accent is too dark on ink; the soft accent passes AA there.
export const eyebrow = style({ color: vars.color.accentSoft });

export const title = style({
  color: vars.color.ground,
  fontSize: 'clamp(1.75rem, 1.2rem + 1.8vw, 2.75rem)',
  lineHeight: 1.1,
  textWrap: 'balance',
});

export const text = style({ color: vars.color.surfaceStrong, maxWidth: '28rem' });

export const cta = style({
  marginTop: vars.space.xs,
  // Narrower than its label (320px), it wraps rather than being cut off.
  whiteSpace: 'normal',
  // The button's hover turns it ink, like the panel: keep its edge visible.
  selectors: { '&&:hover': { borderColor: vars.color.ground } },
});

export const ctaIcon = style({ flexShrink: 0 });
