import { pages } from '../../fixtures/site';
import { Placeholder } from '../components/ui/Placeholder/Placeholder';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.cart };
}

export default function CartPage() {
  return <Placeholder>Your cart is on its way.</Placeholder>;
}
