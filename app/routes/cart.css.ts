import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../styles/media';
import { visuallyHiddenRules } from '../styles/visually-hidden';
import { vars } from '../styles/theme.css';

// On phones (768px or less) the table reflows: each line becomes a card of "label … value" rows, so
// nothing scrolls sideways. The table keeps its markup, so its semantics stay for assistive technology.
const phone = media.atMostMd;
const wide = media.aboveMd;

const hidden = visuallyHiddenRules;

export const root = style({ display: 'grid', gap: vars.space.xxl });

export const form = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  '@media': { [phone]: { display: 'block' } },
});

globalStyle(`${table} > tbody`, { '@media': { [phone]: { display: 'grid', gap: vars.space.md } } });

export const head = style({ '@media': { [phone]: hidden } });

globalStyle(`${head} th`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `2px solid ${vars.color.ink}`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.1em',
  textTransform: 'uppercase',
  textAlign: 'start',
});

globalStyle(`${head} th:last-child`, { textAlign: 'end' });

export const row = style({
  borderBottom: `1px solid ${vars.color.line}`,
  '@media': {
    [phone]: {
      display: 'grid',
      padding: vars.space.md,
      border: `1px solid ${vars.color.line}`,
      borderRadius: vars.radius.md,
    },
  },
});

export const product = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  textAlign: 'start',
  '@media': { [phone]: { padding: `0 0 ${vars.space.sm}` } },
});

export const image = style({
  width: '4.5rem',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});

export const name = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.lg, fontWeight: 600 });

export const cell = style({
  padding: vars.space.md,
  verticalAlign: 'middle',
  '@media': {
    [phone]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: vars.space.md,
      minHeight: '3.25rem',
      padding: `${vars.space.xs} 0`,
      borderTop: `1px solid ${vars.color.line}`,
    },
  },
});

export const end = style({ textAlign: 'end' });

export const lineTotal = style({ fontWeight: 700 });

/** The label a phone shows beside a value; wider screens have the column header instead. */
export const cellLabel = style({
  fontWeight: 600,
  '@media': { [wide]: { display: 'none' } },
});

/** The quantity and size labels: visible on phones, for assistive technology only under a header. */
export const controlLabel = style({
  fontWeight: 600,
  '@media': { [wide]: hidden },
});

// A control fills its cell on phones, its label on the left, the input on the right. The descendant
// selector outranks the widget's own layout.
export const control = style({
  '@media': {
    [phone]: {
      selectors: {
        [`${cell} &`]: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%' },
      },
    },
  },
});

export const size = style({});

globalStyle(`${size} select`, { width: '7rem' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const coupon = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  '@media': { [media.atMostSm]: { width: '100%' } },
});

export const couponField = style({ width: '16rem', '@media': { [media.atMostSm]: { width: '100%' } } });

export const totals = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '28rem',
  justifySelf: 'end',
});

export const sums = style({ display: 'grid' });

export const sum = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { '&:last-child': { borderBottom: 0 } },
});

globalStyle(`${sum} dd`, { margin: 0, textAlign: 'end' });

export const grandTotal = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
