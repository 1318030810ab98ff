import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { forcedColors } from '../../../styles/user-preferences';

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

const selected = { color: vars.color.ink, borderBottomColor: vars.color.accent };

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
  selectors: { '&[aria-selected="true"], &[data-selected]': selected },
  // Forced colours would draw every tab's underline alike: the selected one's in the highlight colour.
  '@media': {
    [forcedColors]: {
      borderBottomColor: 'Canvas',
      selectors: { '&[aria-selected="true"]': { borderBottomColor: 'Highlight' } },
    },
  },
});

export const panel = style({
  // A tab title's link (before hydration) scrolls its panel to just below the titles, not over them.
  scrollMarginTop: `calc(${vars.size.tapTarget} + 2 * ${vars.space.lg})`,
});

// Before hydration, and without JavaScript, the panels switch with :target: the default one shows until a
// link targets another, and the targeted panel's title (by position: titles and panels share their order,
// up to MAX_STATIC_TABS) is marked instead of the default's.
const MAX_STATIC_TABS = 6;
const unenhanced = `${root}[data-static]`;
globalStyle(`${unenhanced} > ${panel}:not([data-default])`, { display: 'none' });
globalStyle(`${unenhanced} > ${panel}:target`, { display: 'block' });
globalStyle(`${unenhanced}:has(> ${panel}:target) > ${panel}[data-default]:not(:target)`, { display: 'none' });
globalStyle(`${unenhanced}:has(> ${panel}:not([data-default]):target) ${tab}[data-selected]`, {
  borderBottomColor: 'transparent',
});
globalStyle(`${unenhanced}:has(> ${panel}:not([data-default]):target) ${tab}[data-selected]:not(:hover)`, {
  color: vars.color.muted,
});
for (let position = 1; position <= MAX_STATIC_TABS; position++) {
  globalStyle(
    `${unenhanced}:has(> ${panel}:nth-of-type(${position}):target) > ${list} > :nth-child(${position}) > ${tab}`,
    selected,
  );
}
