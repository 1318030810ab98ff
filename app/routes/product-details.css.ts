import { style } from '@vanilla-extract/css';
import * as layout from '../styles/layout.css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const root = style([
  layout.container,
  { display: 'grid', gap: vars.space.section, paddingTop: vars.space.xl, paddingBottom: vars.space.section },
]);

export const summary = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': {
    [media.aboveMd]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.xxl, alignItems: 'start' },
  },
});

// The sections sit on a card: beside the buying panel on wider screens, under it on phones.
export const sections = style({
  padding: `${vars.space.xs} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
