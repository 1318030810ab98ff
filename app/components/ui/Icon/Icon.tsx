import type { SVGProps } from 'react';

/** The icons in public/images/icons.svg, one <symbol> each: kept out of the JavaScript bundle. */
export type IconName =
  | 'menu'
  | 'close'
  | 'search'
  | 'user'
  | 'cart'
  | 'trash'
  | 'chevronDown'
  | 'chevronLeft'
  | 'chevronRight'
  | 'grid'
  | 'truck'
  | 'shield'
  | 'returns'
  | 'heart'
  | 'plus'
  | 'minus'
  | 'play'
  | 'pause'
  | 'phone'
  | 'mail'
  | 'pin'
  | 'clock'
  | 'facebook'
  | 'instagram'
  | 'x'
  | 'pinterest';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & { name: IconName; size?: number };

export const ICON_SPRITE = '/images/icons.svg';

/** A decorative line icon from the sprite; give its control an accessible name. */
export function Icon({ name, size = 20, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
