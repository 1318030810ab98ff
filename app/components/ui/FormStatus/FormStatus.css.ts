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

// The last answer's words while a post is on its way: out of sight and of the accessibility tree, their place kept.
export const posting = style({ visibility: 'hidden' });
