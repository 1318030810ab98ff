import { pages } from '../../fixtures/site';
import { Placeholder } from '../components/ui/Placeholder/Placeholder';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/journal';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.journal };
}

export default function JournalPage() {
  return <Placeholder>Journal stories are on their way.</Placeholder>;
}
