// The spec's breakpoints. "Below 1024" (navigation) and "1024 or less" (New Arrivals) differ by one pixel,
// so both forms exist.
export const breakpoints = { sm: 640, md: 768, lg: 1024 } as const;

export const media = {
  /** 640px or less */
  atMostSm: `screen and (max-width: ${breakpoints.sm}px)`,
  /** 768px or less */
  atMostMd: `screen and (max-width: ${breakpoints.md}px)`,
  /** 1024px or less */
  atMostLg: `screen and (max-width: ${breakpoints.lg}px)`,
  /** below 1024px */
  belowLg: `screen and (max-width: ${breakpoints.lg - 0.02}px)`,
  /** wider than 640px */
  aboveSm: `screen and (min-width: ${breakpoints.sm + 0.02}px)`,
  /** wider than 768px */
  aboveMd: `screen and (min-width: ${breakpoints.md + 0.02}px)`,
  /** 1024px or wider */
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
