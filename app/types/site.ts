// The shop's domain types: what app/data returns and the components render. The fixtures produce them
// today; a real commerce backend's adapter would produce the same (docs/backend.md).
export type NavLink = { label: string; to: string; tooltip?: string };

export type FooterColumn = { heading: string; links: NavLink[] };

export type SocialLink = { label: string; href: string; icon: 'facebook' | 'instagram' | 'x' | 'pinterest' };

export type Image = { src: string; alt: string; width: number; height: number };

export type CartItem = { name: string; image: Image; price: number };

export type ProductBadge = 'New' | '-10%';

export type Product = {
  id: string;
  title: string;
  price: number;
  image: Image;
  badge?: ProductBadge;
  brand?: string;
};

/** A page's path, title (before " | " and the shop's name), description and indexing rule. */
export type PageCopy = { path: string; title: string; description: string; noindex?: boolean; siteName: string };

/** Everything the page shell shows: the root loader returns it. */
export type ShellData = {
  brand: string;
  tagline: string;
  contact: { phone: string; email: string; street: string; city: string };
  topNav: NavLink[];
  categories: readonly string[];
  cart: { items: CartItem[]; subtotal: number };
  footerColumns: FooterColumn[];
  socialLinks: SocialLink[];
  /** The year of the footer's copyright, as the server rendered the page: a page hydrated later says the same. */
  year: number;
  /** The shell's own words: skip link, menus, cart panel, the footer's notice. */
  copy: Record<
    | 'skipLink'
    | 'menu'
    | 'home'
    | 'categoryMenu'
    | 'search'
    | 'searchName'
    | 'account'
    | 'myAccount'
    | 'logOut'
    | 'cartHeading'
    | 'subtotal'
    | 'viewCart'
    | 'legal'
    | 'checkout',
    string
  >;
  /** The cart button's name for assistive technology ("Cart, 1 item"). */
  cartLabel: string;
};
