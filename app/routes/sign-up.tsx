import { Link } from 'react-router';
import { getDemoFormNotice, getPage, getSignUp } from '../data/content.server';
import { Button } from '../components/ui/Button/Button';
import { CheckboxField } from '../components/ui/CheckboxField/CheckboxField';
import { DemoForm } from '../components/ui/DemoForm/DemoForm';
import { FieldGrid } from '../components/ui/FieldGrid/FieldGrid';
import { FormStatus } from '../components/ui/FormStatus/FormStatus';
import { RadioGroup } from '../components/ui/RadioGroup/RadioGroup';
import { cx } from '../lib/class-names';
import { pageMeta } from '../lib/meta';
import * as layout from '../styles/layout.css';
import type { Route } from './+types/sign-up';
import * as styles from './sign-up.css';

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.page);

export async function loader() {
  return { page: await getPage('signUp'), ...(await getSignUp()) };
}

// Demo forms send nothing anywhere: the action never reads the body and answers the notice (0008).
export async function action() {
  return { notice: await getDemoFormNotice() };
}

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { intro, loginLink, fieldsets, newsletter, privacy, submit } = loaderData;
  return (
    <div className={layout.pageBody}>
      <div className={styles.column}>
        <p className={styles.intro}>
          {intro} <Link to={loginLink.to}>{loginLink.label}</Link>.
        </p>
        <DemoForm className={styles.form}>
          {fieldsets.map((fieldset) => (
            <div key={fieldset.legend} className={styles.section}>
              <fieldset className={styles.fieldset}>
                <legend className={styles.legend}>{fieldset.legend}</legend>
                <FieldGrid fields={fieldset.fields} idPrefix="sign-up" />
              </fieldset>
            </div>
          ))}
          <div className={styles.section}>
            <RadioGroup
              name={newsletter.name}
              legend={newsletter.legend}
              options={newsletter.options}
              defaultValue={newsletter.defaultValue}
              legendClassName={styles.legend}
            />
          </div>
          <div className={cx(styles.section, styles.actions)}>
            <CheckboxField name={privacy.name} value="agreed" label={privacy.label} />
            <div>
              <Button type="submit">{submit}</Button>
              <FormStatus message={actionData?.notice} />
            </div>
          </div>
        </DemoForm>
      </div>
    </div>
  );
}
