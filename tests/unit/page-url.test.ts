import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPageUrls, NOT_FOUND_PATH } from '../../server/page-url.ts';

/** A build's route manifest as React Router makes it: a root, an index, a list reading ?page, a catch-all. */
const route = (id: string, extra: object = {}, handle?: object) => ({
  id,
  parentId: id === 'root' ? undefined : 'root',
  module: { default: () => null, handle },
  ...extra,
});
const build = {
  basename: '/',
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  routes: {
    root: route('root', { path: '' }),
    'routes/home': route('routes/home', { index: true }),
    'routes/list': route('routes/list', { path: 'list' }, { searchParams: ['page', 'sort'] }),
    'routes/about': route('routes/about', { path: 'about' }, { pageHeader: false }),
    'routes/account': route('routes/account', { path: 'account' }, { private: true }),
    'routes/catch-all': route('routes/catch-all', { path: '*' }),
  },
} as unknown as ServerBuild;

const pageUrl = createPageUrls(build);
const at = (path: string) => pageUrl(new URL(`https://shop.example${path}`));

describe('what a page request means', () => {
  it('keeps the parameters its route reads, drops the rest, and keys by them in one order', () => {
    const page = at('/list?utm_source=news&sort=uk&cb=1&page=2')!;
    expect(page.url.href).toBe('https://shop.example/list?sort=uk&page=2');
    expect(page.key).toBe('/list?page=2&sort=uk');
    expect(page.dropped).toEqual([
      ['utm_source', 'news'],
      ['cb', '1'],
    ]);
    expect(at('/list?page=2&sort=uk')!.key).toBe(page.key);
    // A repeated parameter stays repeated: the route decides what that means (the shop redirects it).
    expect(at('/list?page=2&page=3')!.key).toBe('/list?page=2&page=3');
  });

  it('gives a route that reads no parameter none of them', () => {
    for (const path of ['/about?utm_source=x', '/about?', '/about?gclid=1&fbclid=2']) {
      expect(at(path)!.key, path).toBe('/about');
      expect(at(path)!.url.href, path).toBe('https://shop.example/about');
    }
    expect(at('/?utm_campaign=autumn')!.key).toBe('/');
  });

  it("says which pages are the shopper's own: those of a route whose handle says `private: true`", () => {
    expect(at('/account')!.private).toBe(true);
    expect(at('/account.data')!.private).toBe(true);
    for (const path of ['/', '/about', '/list?page=2', '/nope']) expect(at(path)!.private, path).toBe(false);
  });

  it('means one thing by every unknown path, and another by their data', () => {
    expect(at('/nope')!.unknown).toBe(true);
    expect(at('/list')!.unknown).toBe(false);
    for (const path of ['/nope', '/a/b/c?x=1', '/list/extra', '/%E2%80%A8']) expect(at(path)!.key, path).toBe('*');
    // Rendered at one path, so it is one page whichever path asked.
    expect(at('/nope')!.url.pathname).toBe(NOT_FOUND_PATH);
    expect(at('/list/extra')!.url.pathname).toBe(NOT_FOUND_PATH);
    expect(at('/nope.data')!.url.pathname).toBe(`${NOT_FOUND_PATH}.data`);
    expect(at('/nope.data')!.key).toBe('*.data');
  });

  it('keeps which routes a client navigation wants, as far as they match, and only for data requests', () => {
    expect(at('/list.data?page=2&_routes=routes/list,made-up&x=1')!.key).toBe(
      '/list.data?_routes=routes%2Flist&page=2',
    );
    // None that matched means all of them, as no parameter does: one key for both.
    expect(at('/list.data?_routes=made-up')!.key).toBe('/list.data');
    expect(at('/_.data?_routes=root')!.key).toBe('/_.data?_routes=root');
    // Every one that matched means all of them too.
    expect(at('/_.data?_routes=root,routes/home')!.key).toBe('/_.data');
    expect(at('/list.data?_routes=routes/list,root')!.key).toBe('/list.data');
    expect(at('/list?_routes=root')!.key).toBe('/list');
  });

  it('sends another spelling of a route’s path to the route’s own', () => {
    expect(at('/List?page=2&x=1')!.redirect).toBe('/list?page=2&x=1');
    expect(at('/list/')!.redirect).toBe('/list');
    expect(at('/ABOUT')!.redirect).toBe('/about');
    expect(at('/List.data?page=2')!.redirect).toBe('/list.data?page=2');
    expect(at('/list')!.redirect).toBeUndefined();
    expect(at('/')!.redirect).toBeUndefined();
    expect(at('/%6Cist?page=2')!.redirect).toBe('/list?page=2');
    // Unknown paths are the not-found page whatever their spelling, but for repeated slashes: the browser's
    // router takes `//x` for a path under `/` (the brand link, to `/`, active there) where the page rendered at
    // one path for them all does not, and the two disagreed as the page hydrated.
    expect(at('/Nope/')!.redirect).toBeUndefined();
    expect(at('//x?a=1')!.redirect).toBe('/x?a=1');
    expect(at('/a//b.data')!.redirect).toBe('/a/b.data');
    expect(at('//evil.example/x')!.redirect).toBe('/evil.example/x');
  });

  it('reads a parameter’s name as the app does, encoded or not, and no other way', () => {
    expect(at('/list?p%61ge=5')!.key).toBe('/list?page=5');
    expect(at('/list?PAGE=5')!.key).toBe('/list');
  });

  it('leaves React Router’s route manifest alone: its answer depends on every parameter', () => {
    expect(at('/__manifest?paths=/list&version=abc')).toBeUndefined();
  });
});
