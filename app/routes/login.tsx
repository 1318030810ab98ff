import { Link } from 'react-router';
import { getDemoFormNotice, getLogin, getPage } from '../data/content.server';
import { buttonStyle } from '../components/ui/Button/Button';
import { SimpleForm } from '../components/ui/SimpleForm/SimpleForm';
import { PageSection } from '../components/ui/PageSection/PageSection';
import { cx } from '../lib/class-names';
import { pageMeta } from '../lib/meta';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('login'), ...(await getLogin()) };
}

// Demo forms send nothing anywhere: the action never reads the body and answers the notice (0008).
export async function action() {
  return { notice: await getDemoFormNotice() };
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { returning, newCustomer } = loaderData;
  return (
    <div className={cx(layout.pageBody, layout.columns.even)}>
      <PageSection headingId="returning-heading" heading={returning.heading} intro={returning.intro}>
        <SimpleForm
          aria-labelledby="returning-heading"
          fields={returning.fields}
          idPrefix="login"
          submitLabel={returning.submit}
          notice={actionData?.notice}
        />
      </PageSection>

      <PageSection
        headingId="new-customer-heading"
        heading={newCustomer.heading}
        intro={newCustomer.intro}
        className={layout.panel}
      >
        <div>
          <Link to={newCustomer.action.to} className={buttonStyle({ tone: 'secondary' })}>
            {newCustomer.action.label}
          </Link>
        </div>
      </PageSection>
    </div>
  );
}
