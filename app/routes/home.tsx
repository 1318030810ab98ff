import { pages, site } from '../../fixtures/site';
import type { RouteHandle } from '../root';
import { Placeholder } from '../components/ui/Placeholder/Placeholder';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

export const handle: RouteHandle = { pageHeader: false };

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.home, brand: site.brand, tagline: site.tagline };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <Placeholder>
      <h1>{loaderData.brand}</h1>
      <p>{loaderData.tagline}</p>
    </Placeholder>
  );
}
