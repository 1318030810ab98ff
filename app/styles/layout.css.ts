import { style, styleVariants } from '@vanilla-extract/css';
import { media } from './media';
import { vars } from './theme.css';

/** The page container: the content width, centred, the gutter at its sides. Every band of a page uses it. */
export const container = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  paddingInline: vars.space.gutter,
});

/** The body of a page under its title band: the container, with the section rhythm above and below. */
export const pageBody = style([container, { paddingBlock: vars.space.section }]);

/** A section heading (h2) in the shop's display face. */
export const sectionHeading = style({ fontSize: vars.fontSize.xl });

/** A small uppercase line above a heading or a label beside a value. */
export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});

/** A boxed panel on the warm surface colour (cart totals, order summary, office details). */
export const panel = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

// Each ratio stacks into one column at 768px or less (in the same class, so the media rule wins).
const twoColumns = (template: string) => ({
  gridTemplateColumns: template,
  '@media': { [media.atMostMd]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xl } },
});

const columnsBase = style({ display: 'grid', gap: vars.space.xxl, alignItems: 'start' });

/**
 * Two columns side by side from 769px, stacked below: the page's main part and its companion. One class per
 * ratio, the base included (class maps rather than a recipe: no runtime in the browser bundle).
 */
export const columns = styleVariants(
  {
    even: twoColumns('minmax(0, 1fr) minmax(0, 1fr)'),
    wide: twoColumns('minmax(0, 3fr) minmax(0, 2fr)'),
    aside: twoColumns('16rem minmax(0, 1fr)'),
  },
  (ratio) => [columnsBase, ratio],
);
