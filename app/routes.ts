import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { paths } from './paths';

/** A page's path as a route pattern (relative to the root). */
const at = (path: string) => path.slice(1);

export default [
  index('routes/home.tsx'),
  route(at(paths.products), 'routes/products.tsx'),
  route(at(paths.productDetails), 'routes/product-details.tsx'),
  route(at(paths.about), 'routes/about.tsx'),
  route(at(paths.contacts), 'routes/contacts.tsx'),
  route(at(paths.login), 'routes/login.tsx'),
  route(at(paths.signUp), 'routes/sign-up.tsx'),
  route(at(paths.myAccount), 'routes/my-account.tsx'),
  route(at(paths.cart), 'routes/cart.tsx'),
  route(at(paths.checkOut), 'routes/checkout.tsx'),
  route(at(paths.notfound), 'routes/not-found.tsx'),
  route(at(paths.journal), 'routes/journal.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
