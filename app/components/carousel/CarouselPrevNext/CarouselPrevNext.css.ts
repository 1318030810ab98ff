import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'flex', gap: vars.space.xs });

/** A round icon button; shared with the autoplay toggle. */
export const button = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.tapTarget,
  height: vars.size.tapTarget,
  padding: 0,
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.pill,
  background: vars.color.ground,
  color: vars.color.ink,
  transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.ink, color: vars.color.ground },
    '&:disabled': { borderColor: vars.color.line, color: vars.color.muted, cursor: 'not-allowed' },
  },
});
