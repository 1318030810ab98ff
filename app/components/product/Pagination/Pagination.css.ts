import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { forcedColors } from '../../../styles/user-preferences';
import { visuallyHiddenRules } from '../../../styles/visually-hidden';

export const root = style({ display: 'flex', justifyContent: 'center' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  '@media': { [media.aboveSm]: { gap: vars.space.xs } },
});

const box = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.tapTarget,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
} as const;

export const page = style({
  ...box,
  // Two-digit page numbers and the step links must fit a 320px phone in one row.
  minWidth: '2rem',
  padding: `0 ${vars.space.xxs}`,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.ink,
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  ':hover': { borderColor: vars.color.ink },
  selectors: {
    '&[aria-current="page"]': { background: vars.color.ink, borderColor: vars.color.ink, color: vars.color.ground },
  },
  '@media': {
    [media.aboveSm]: { minWidth: vars.size.tapTarget },
    // Forced colours drop the current page's fill: it is drawn in the highlight colours instead.
    [forcedColors]: {
      selectors: {
        '&[aria-current="page"]': { background: 'Highlight', borderColor: 'Highlight', color: 'HighlightText' },
      },
    },
  },
});

export const step = style({
  ...box,
  gap: vars.space.xxs,
  minWidth: '2rem',
  padding: `0 ${vars.space.xxs}`,
  color: vars.color.ink,
  ':hover': { color: vars.color.accent },
  selectors: {
    '&[aria-disabled="true"]': { color: vars.color.muted, cursor: 'default' },
    '&[aria-disabled="true"]:hover': { color: vars.color.muted },
  },
  '@media': { [media.aboveSm]: { padding: `0 ${vars.space.sm}` } },
});

/** The words Previous and Next, shown from 640px; below, the chevron and the hidden name remain. */
export const stepText = style({
  '@media': {
    [media.atMostSm]: visuallyHiddenRules,
  },
});

export const gap = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1rem',
  color: vars.color.muted,
});
