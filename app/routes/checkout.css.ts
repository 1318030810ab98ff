import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../styles/media';
import { vars } from '../styles/theme.css';

export const details = style({ display: 'grid', gap: vars.space.xxl });

export const section = style({ display: 'grid', gap: vars.space.lg });

// The order stays in view beside the long billing form.
export const summary = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.aboveMd]: { position: 'sticky', top: vars.space.lg } },
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.line}`,
  textAlign: 'start',
  verticalAlign: 'top',
});

globalStyle(`${table} thead th`, {
  borderBottomWidth: '2px',
  borderBottomColor: vars.color.ink,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.1em',
  textTransform: 'uppercase',
});

globalStyle(`${table} tfoot th`, { fontWeight: 600 });

export const amount = style({ selectors: { [`${table} &`]: { textAlign: 'end', paddingLeft: vars.space.md } } });

export const lineName = style({ selectors: { [`${table} &`]: { fontWeight: 400 } } });

export const quantity = style({ fontWeight: 700, whiteSpace: 'nowrap' });

export const total = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });

globalStyle(`${total} th, ${total} td`, { borderBottom: 0 });

export const payment = style({ paddingTop: vars.space.xs });
