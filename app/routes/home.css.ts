import { style } from '@vanilla-extract/css';
import * as layout from '../styles/layout.css';
import { vars } from '../styles/theme.css';

export const sections = style([layout.pageBody, { display: 'grid', gap: vars.space.section }]);
