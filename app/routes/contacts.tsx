import { pages } from '../../fixtures/site';
import { Placeholder } from '../components/ui/Placeholder/Placeholder';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/contacts';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.contacts };
}

export default function ContactsPage() {
  return <Placeholder>Our contact details are on their way.</Placeholder>;
}
