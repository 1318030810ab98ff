import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import * as numberStepper from '../../ui/NumberStepper/NumberStepper.css';

// The cart's stepper look, with two differences: beside the size select it keeps the select's height, and
// a step that cannot be taken shows as disabled.

export const root = numberStepper.root;

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 700 });

export const stepper = style([numberStepper.controls, { height: vars.size.tapTarget }]);

export const step = style([
  numberStepper.button,
  { ':disabled': { color: vars.color.muted, cursor: 'not-allowed', background: 'transparent' } },
]);

export const input = numberStepper.input;
