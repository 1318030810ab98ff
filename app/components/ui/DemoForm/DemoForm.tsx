import type { ReactNode } from 'react';
import { Form } from 'react-router';

export type DemoFormProps = {
  /** The accessible name of the form, e.g. its heading's id. */
  'aria-labelledby'?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A form that posts to its own route's action, with or without JavaScript. Its action is the route's path
 * (`.`), not the page's URL with its query: the server renders the page without parameters its route does
 * not read (0020), so an action taken from the URL would differ between server and browser. The demo's actions store
 * nothing and answer a notice (show it with FormStatus next to the submit button), so submitting never
 * reaches an error page, never pretends to succeed and never puts a field, a password say, into a URL. The spec's
 * forms have no validation (its email fields are of the email type only): the browser's own checks would stop a
 * post with a message the spec does not have, so they are off, as on the review form (0010).
 */
export function DemoForm({ className, children, ...names }: DemoFormProps) {
  return (
    <Form method="post" action="." noValidate preventScrollReset className={className} {...names}>
      {children}
    </Form>
  );
}
