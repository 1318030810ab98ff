import { style } from '@vanilla-extract/css';
import { breakpoints, media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';
import { visuallyHiddenRules } from '../../../styles/visually-hidden';

export const root = style({ minWidth: 0 });

/** Below 1024px a closed fold; from 1024px always shown, with its toggle gone. */
export const fold = style({
  '@media': {
    [media.belowLg]: {
      border: `1px solid ${vars.color.line}`,
      borderRadius: vars.radius.md,
      background: vars.color.ground,
    },
    [media.lg]: {
      selectors: {
        '&::details-content': { contentVisibility: 'visible', display: 'block' } as Record<string, string>,
      },
    },
  },
});

export const toggle = style({
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  // Doubled class: it must win over the summary's own display, whichever stylesheet loads last.
  '@media': { [media.lg]: { selectors: { '&&': { display: 'none' } } } },
});

export const panel = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [media.belowLg]: {
      padding: `${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
      borderTop: `1px solid ${vars.color.line}`,
    },
    // Tablets have the room to lay the open groups out side by side.
    [`${media.aboveSm} and (max-width: ${breakpoints.lg - 0.02}px)`]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      columnGap: vars.space.xl,
    },
  },
});

/** The sidebar's title at desktop widths; below, the toggle already says it, so it is read, not shown. */
export const heading = style({
  fontSize: vars.fontSize.xl,
  '@media': {
    [media.belowLg]: visuallyHiddenRules,
  },
});

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

const groupTitle = {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.ink,
} as const;

// The always-shown group's title looks like the toggles of the folding groups below it.
export const groupHeading = style({
  ...groupTitle,
  float: 'left',
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  padding: 0,
  borderTop: `1px solid ${vars.color.line}`,
});

export const group = style({ borderTop: `1px solid ${vars.color.line}` });

export const groupToggle = style({
  ...groupTitle,
  ':hover': { color: vars.color.accent },
});

export const options = style({
  clear: 'both',
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.sm}`,
  display: 'grid',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.25rem',
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  cursor: 'pointer',
  ':hover': { color: vars.color.ink },
});

export const checkbox = style({
  width: '1.125rem',
  height: '1.125rem',
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.ink,
  cursor: 'pointer',
});

export const swatch = style({ flexShrink: 0, color: vars.color.ink });
