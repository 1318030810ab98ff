import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.lg });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderBottom: `1px solid ${vars.color.line}`,
});

export const listItem = style({ display: 'flex' });

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  marginBottom: '-1px',
  padding: `0 ${vars.space.xxs}`,
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  color: vars.color.muted,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  textDecoration: 'none',
  ':hover': { color: vars.color.ink },
  selectors: {
    '&[aria-selected="true"], &[data-selected]': { color: vars.color.ink, borderBottomColor: vars.color.accent },
  },
});

export const panel = style({
  selectors: {
    // Before hydration every panel shows, one after another.
    [`section& + section&`]: { paddingTop: vars.space.lg, borderTop: `1px solid ${vars.color.line}` },
  },
});
