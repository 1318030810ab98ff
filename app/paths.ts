/**
 * The one map of the shop's pages: every link, redirect and canonical URL takes its path from here, and
 * app/routes.ts mounts each route at it. Paths exactly as the spec's route table spells them.
 */
export const paths = {
  home: '/',
  products: '/products',
  productDetails: '/productDetails',
  about: '/about',
  contacts: '/contacts',
  login: '/login',
  signUp: '/signUp',
  myAccount: '/myAccount',
  cart: '/cart',
  checkOut: '/checkOut',
  notfound: '/notfound',
  journal: '/journal',
} as const;

export type PageId = keyof typeof paths;
