import { style } from '@vanilla-extract/css';
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
