// Media queries for how the shopper's browser is set up, for style files only (kept apart from `media`, which
// scripts import too, so they add nothing to the JavaScript).

/** Forced colours (Windows high contrast): the browser replaces colours, except system colours given by name. */
export const forcedColors = '(forced-colors: active)';

/** JavaScript off. */
export const withoutScripting = '(scripting: none)';
