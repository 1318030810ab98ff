import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({});

export const summary = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: vars.size.tapTarget,
  cursor: 'pointer',
  listStyle: 'none',
  userSelect: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const summaryText = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const marker = style({
  flexShrink: 0,
  transition: `transform ${vars.duration.fast} ease`,
  selectors: { [`${root}[open] > ${summary} &`]: { transform: 'rotate(180deg)' } },
});

/** 'plain' leaves the look to the caller; 'ruled' is a row under a rule, as in an accordion. */
export const rootLook = styleVariants({
  plain: {},
  ruled: { borderBottom: `1px solid ${vars.color.line}` },
});

export const summaryLook = styleVariants({
  plain: {},
  ruled: {
    minHeight: '3.25rem',
    padding: `${vars.space.sm} 0`,
    fontWeight: 600,
    ':hover': { color: vars.color.accent },
  },
});

export const contentLook = styleVariants({
  plain: {},
  ruled: { paddingBottom: vars.space.md },
});
