import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  scrollPaddingTop: vars.space.xl,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.ground,
  color: vars.color.ink,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.display,
  fontWeight: 600,
  lineHeight: 1.2,
  margin: 0,
  color: vars.color.ink,
});

globalStyle('p, ul, ol, dl, figure, blockquote', { margin: 0 });

globalStyle('img, svg', { display: 'block', maxWidth: '100%' });
globalStyle('img', { height: 'auto' });

globalStyle('a', { color: 'inherit', textUnderlineOffset: '0.2em' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('button', { cursor: 'pointer' });

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('::selection', { background: vars.color.accentSoft });

globalStyle('[hidden]', { display: 'none !important' });

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
});
