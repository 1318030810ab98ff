import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { expect, it } from 'vitest';
import { DemoForm } from '../../app/components/ui/DemoForm/DemoForm';

// The browser hydrates at the full URL, while the server rendered the page without the parameters its route
// does not read (0020): a form's action must not depend on them, or the two renders differ.
it('posts to its route’s path whatever query the page was opened with', () => {
  const Stub = createRoutesStub([{ path: '/contacts', Component: () => <DemoForm>fields</DemoForm> }]);
  const action = (url: string) =>
    /<form[^>]*action="([^"]*)"/.exec(renderToString(<Stub initialEntries={[url]} />))?.[1];
  expect(action('/contacts?utm_source=mail&gclid=1')).toBe('/contacts');
  expect(action('/contacts')).toBe('/contacts');
});
