import { pages } from '../../fixtures/site';
import { Placeholder } from '../components/ui/Placeholder/Placeholder';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.login };
}

export default function LoginPage() {
  return <Placeholder>Logging in is on its way.</Placeholder>;
}
