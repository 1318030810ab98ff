import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({
  // Brought into view after a post (FormStatus), it stops short of the window's edge.
  scrollMarginBlock: vars.space.md,
  selectors: {
    '&:not(:empty)': {
      marginTop: vars.space.md,
      padding: `${vars.space.sm} ${vars.space.md}`,
      borderLeft: `4px solid ${vars.color.accent}`,
      borderRadius: vars.radius.sm,
      background: vars.color.accentSoft,
      color: vars.color.ink,
      fontSize: vars.fontSize.sm,
    },
  },
});
