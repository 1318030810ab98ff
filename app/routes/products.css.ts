import { style } from '@vanilla-extract/css';
import { container } from '../styles/layout.css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const layout = style([
  container,
  {
    display: 'grid',
    gap: vars.space.lg,
    alignItems: 'start',
    paddingTop: vars.space.xl,
    paddingBottom: vars.space.section,
    '@media': {
      [media.lg]: { gridTemplateColumns: '15rem minmax(0, 1fr)', columnGap: vars.space.xxl },
    },
  },
]);

export const results = style({
  display: 'grid',
  gap: vars.space.xl,
  minWidth: 0,
  transition: `opacity ${vars.duration.fast}`,
  // Focus lands here after paging only to move the reading position; the next Tab reaches the controls.
  ':focus': { outline: 'none' },
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const counter = style({ fontSize: vars.fontSize.sm, color: vars.color.inkSoft });
