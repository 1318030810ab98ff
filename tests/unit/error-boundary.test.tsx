import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, loader } from '../../app/root';
import { loader as catchAllLoader } from '../../app/routes/catch-all';
import { visibleText } from '../support/html.ts';

function RootErrorBoundary() {
  return <ErrorBoundary error={useRouteError()} params={{}} loaderData={undefined} />;
}

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader,
    Component: Outlet,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, Component: () => <p>home</p> },
      { path: '*', loader: catchAllLoader, Component: () => null },
      {
        path: 'boom',
        loader() {
          throw new Error('The warehouse is on fire');
        },
        Component: () => null,
      },
    ],
  },
];

async function render(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(<StaticRouterProvider router={router} context={context} />),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the root error boundary', () => {
  it('renders an unknown path as 404 Not Found inside the shell', async () => {
    const { status, html } = await render('/nowhere');
    expect(status).toBe(404);
    const text = visibleText(html);
    expect(text).toContain('Unexpected Application Error!');
    expect(text).toContain('404 Not Found');
    expect(text).toContain('Shop by Catagory');
  });

  it('renders a thrown error as 500 with its message and, in production, no stack', async () => {
    vi.stubEnv('DEV', false);
    const { status, html } = await render('/boom');
    expect(status).toBe(500);
    const text = visibleText(html);
    expect(text).toContain('Unexpected Application Error!');
    expect(text).toContain('The warehouse is on fire');
    expect(html).not.toContain('<pre');
    expect(html).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  });

  it('shows the stack in development', async () => {
    vi.stubEnv('DEV', true);
    const { html } = await render('/boom');
    expect(html).toContain('<pre');
  });
});
