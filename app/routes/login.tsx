import { Link } from 'react-router';
import { login } from '../../fixtures/auth';
import { pages } from '../../fixtures/site';
import { buttonStyle } from '../components/ui/Button/Button';
import { FieldsForm } from '../components/ui/FieldsForm/FieldsForm';
import { demoFormAction } from '../lib/demo-form';
import { pageMeta } from '../lib/meta';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/login';
import * as styles from './login.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export function loader() {
  return { page: pages.login, ...login };
}

export const action = demoFormAction;

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { returning, newCustomer } = loaderData;
  return (
    <div className={`${layout.pageBody} ${layout.columns.even}`}>
      <section className={styles.card} aria-labelledby="returning-heading">
        <h2 id="returning-heading" className={layout.sectionHeading}>
          {returning.heading}
        </h2>
        <p className={styles.intro}>{returning.intro}</p>
        <FieldsForm
          aria-labelledby="returning-heading"
          fields={returning.fields}
          idPrefix="login"
          submitLabel={returning.submit}
          notice={actionData?.notice}
        />
      </section>

      <section className={`${styles.card} ${layout.panel}`} aria-labelledby="new-customer-heading">
        <h2 id="new-customer-heading" className={layout.sectionHeading}>
          {newCustomer.heading}
        </h2>
        <p className={styles.intro}>{newCustomer.intro}</p>
        <div>
          <Link to={newCustomer.action.to} className={buttonStyle({ tone: 'secondary' })}>
            {newCustomer.action.label}
          </Link>
        </div>
      </section>
    </div>
  );
}
