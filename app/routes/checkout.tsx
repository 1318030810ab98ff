import { pages } from '../../fixtures/site';
import { Placeholder } from '../components/ui/Placeholder/Placeholder';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.checkOut };
}

export default function CheckoutPage() {
  return <Placeholder>Checking out is on its way.</Placeholder>;
}
