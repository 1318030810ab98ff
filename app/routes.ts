import { index, route, type RouteConfig } from '@react-router/dev/routes';

// Paths exactly as the spec's route table spells them.
export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('productDetails', 'routes/product-details.tsx'),
  route('about', 'routes/about.tsx'),
  route('contacts', 'routes/contacts.tsx'),
  route('login', 'routes/login.tsx'),
  route('signUp', 'routes/sign-up.tsx'),
  route('myAccount', 'routes/my-account.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkOut', 'routes/checkout.tsx'),
  route('notfound', 'routes/not-found.tsx'),
  route('journal', 'routes/journal.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
