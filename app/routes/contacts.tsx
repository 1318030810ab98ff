import type { ReactNode } from 'react';
import { getContacts, getDemoFormNotice, getPage } from '../data/content.server';
import type { Office } from '../types/content';
import { DismissibleDisclosure } from '../components/ui/DismissibleDisclosure/DismissibleDisclosure';
import { SimpleForm } from '../components/ui/SimpleForm/SimpleForm';
import { PageSection } from '../components/ui/PageSection/PageSection';
import { Icon, type IconName } from '../components/ui/Icon/Icon';
import { cx } from '../lib/class-names';
import { pageMeta } from '../lib/meta';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/contacts';
import * as styles from './contacts.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('contacts'), ...(await getContacts()) };
}

// Demo forms send nothing anywhere: the action never reads the body and answers the notice (0008).
export async function action() {
  return { notice: await getDemoFormNotice() };
}

export default function ContactsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { form } = loaderData;
  return (
    <div className={cx(layout.pageBody, layout.columns.wide)}>
      <PageSection headingId="contact-heading" heading={form.heading} intro={form.intro}>
        <SimpleForm
          aria-labelledby="contact-heading"
          fields={form.fields}
          idPrefix="contact"
          submitLabel={form.submit}
          notice={actionData?.notice}
        />
      </PageSection>

      <section className={styles.offices} aria-labelledby="offices-heading">
        <h2 id="offices-heading" className={layout.sectionHeading}>
          {loaderData.officesCopy.heading}
        </h2>
        <p className={styles.intro}>{loaderData.officesCopy.intro}</p>
        <div>
          {loaderData.offices.map((office) => (
            <DismissibleDisclosure key={office.country} name="offices" summary={office.country} look="ruled">
              <OfficeDetails office={office} labels={loaderData.officeLabels} />
            </DismissibleDisclosure>
          ))}
        </div>
      </section>
    </div>
  );
}

function OfficeDetails({
  office,
  labels,
}: {
  office: Office;
  labels: Record<'address' | 'phone' | 'email' | 'hours', string>;
}) {
  return (
    <dl className={styles.details}>
      <OfficeLine icon="pin" label={labels.address}>
        <address className={styles.address}>
          {office.address.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </OfficeLine>
      <OfficeLine icon="phone" label={labels.phone}>
        <a href={`tel:${office.phone.replace(/\s/g, '')}`}>{office.phone}</a>
      </OfficeLine>
      <OfficeLine icon="mail" label={labels.email}>
        <a href={`mailto:${office.email}`}>{office.email}</a>
      </OfficeLine>
      <OfficeLine icon="clock" label={labels.hours}>
        {office.hours.map((line) => (
          <span key={line} className={styles.line}>
            {line}
          </span>
        ))}
      </OfficeLine>
    </dl>
  );
}

function OfficeLine({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.term}>
        <Icon name={icon} size={18} className={styles.icon} />
        {label}
      </dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}
