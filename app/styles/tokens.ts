// Raw design values, named by purpose. theme.css.ts exposes them as CSS variables.
export const tokens = {
  color: {
    ground: '#ffffff',
    surface: '#f6f4f1',
    surfaceStrong: '#ebe6df',
    ink: '#1b1b1b',
    inkSoft: '#3a3a3a',
    muted: '#5c5c5c',
    line: '#e2ddd6',
    accent: '#9c4221',
    accentInk: '#ffffff',
    accentSoft: '#f5e8e1',
    focus: '#1d4ed8',
    // The focus ring on dark surfaces (styles/surfaces.css): 8:1 against ink, where focus's own blue is 2.6:1
    // (WCAG 1.4.11 asks 3).
    focusOnInk: '#93b4ff',
    overlay: 'rgba(27, 27, 27, 0.45)',
  },
  font: {
    body: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    display: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.5rem',
    xxl: '2rem',
    display: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)',
  },
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(2.5rem, 2rem + 3vw, 4.5rem)',
    gutter: 'clamp(1rem, 0.5rem + 2vw, 2rem)',
  },
  radius: {
    sm: '4px',
    md: '8px',
    pill: '999px',
  },
  shadow: {
    popover: '0 12px 32px rgba(27, 27, 27, 0.16)',
  },
  size: {
    content: '1280px',
    tapTarget: '44px',
  },
  duration: {
    fast: '150ms',
    slide: '500ms',
  },
} as const;
