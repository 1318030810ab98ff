import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/media';
import { vars } from '../../../styles/theme.css';

export const root = style({ display: 'grid', gap: vars.space.md });

export const heading = style({ fontSize: vars.fontSize.xl });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  '@media': { [media.atMostSm]: { gridTemplateColumns: '1fr' } },
});

export const field = style({ display: 'grid', gap: vars.space.xs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 700 });

export const input = style({
  width: '100%',
  minHeight: vars.size.tapTarget,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  background: vars.color.ground,
  '::placeholder': { color: vars.color.muted },
});

export const textarea = style([input, { display: 'block', resize: 'vertical', minHeight: '8rem' }]);

export const submit = style({ justifySelf: 'start', minWidth: '8rem' });
