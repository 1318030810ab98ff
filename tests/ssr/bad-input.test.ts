import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { header, httpRequest, rawRequest } from '../support/raw-http.ts';
import { fetchPage, startServer, type RunningServer } from '../support/server.ts';
import { paths } from '../../app/paths.ts';

let server: RunningServer;
let port: number;
beforeAll(async () => {
  server = await startServer();
  port = Number(new URL(server.origin).port);
});
afterAll(() => server.close());

type Case = { name: string; request: string; expect: '4xx' | 'ok' };

const get = (target: string, expected: Case['expect'], headers?: Record<string, string>): Case => ({
  name: `GET ${target.length > 60 ? `${target.slice(0, 60)}… (${target.length} chars)` : target}`,
  request: httpRequest('GET', target, headers),
  expect: expected,
});

const pages = Object.values(paths);

const corpus: Case[] = [
  // Malformed percent-encoding
  ...[
    '/%',
    '/%E0%A4%A',
    '/%zz',
    '/products%',
    '/%C0%AF',
    '/%ff%fe',
    '/about%2',
    '/%%32%65',
    '/assets/%',
    '/images/%G1.svg',
  ].map((t) => get(t, '4xx')),
  // Path traversal on static paths, plain and encoded
  ...[
    '/assets/../server.ts',
    '/assets/%2e%2e/server.ts',
    '/assets/%2e%2e%2fserver.ts',
    '/assets/..%2fpackage.json',
    '/assets/....//server.ts',
    '/assets/%252e%252e/server.ts',
    '/..%5c..%5cserver.ts',
    '/assets/..%5cserver.ts',
    '/images/../../server.ts',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/favicon.ico/../../../etc/passwd',
    '/assets/%c0%ae%c0%ae/server.ts',
    '/../../../../etc/passwd',
    '/assets/..',
    '/assets/%2e%2e',
    '/images/%2e%2e/%2e%2e/package.json',
  ].map((t) => get(t, '4xx')),
  // NUL bytes
  ...['/%00', '/about%00', '/assets/x%00.js', '/products?x=%00', '/%00/../server.ts', '/images/%00.svg'].map((t) =>
    get(t, '4xx'),
  ),
  // Files that must never be served
  ...[
    '/server.ts',
    '/package.json',
    '/.env',
    '/.git/config',
    '/build/server/index.js',
    '/node_modules/react/package.json',
    '/app/root.tsx',
    '/Dockerfile',
  ].map((t) => get(t, '4xx')),
  // Overlong URLs and headers
  get(`/?q=${'a'.repeat(3000)}`, '4xx'),
  get(`/${'a'.repeat(10_000)}`, '4xx'),
  get(`/products?${'page=1&'.repeat(400)}`, '4xx'),
  get('/', '4xx', { Host: 'localhost', 'X-Big': 'b'.repeat(20_000) }),
  get(`/${'a'.repeat(30_000)}`, '4xx'),
  // Methods other than GET/HEAD (and POST) on pages and files
  ...['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO'].flatMap((method) =>
    ['/', '/products', '/assets/x.js'].map((target) => ({
      name: `${method} ${target}`,
      request: httpRequest(method, target),
      expect: '4xx' as const,
    })),
  ),
  {
    name: 'POST / (no action)',
    request: httpRequest('POST', '/', { Host: 'localhost', 'Content-Length': '0' }),
    expect: '4xx',
  },
  {
    name: 'POST /assets/x.js',
    request: httpRequest('POST', '/assets/x.js', { Host: 'localhost', 'Content-Length': '0' }),
    expect: '4xx',
  },
  // HEAD on every route
  ...pages.map((target) => ({ name: `HEAD ${target}`, request: httpRequest('HEAD', target), expect: 'ok' as const })),
  { name: 'HEAD /no-such-page', request: httpRequest('HEAD', '/no-such-page'), expect: '4xx' },
  // Odd Host headers
  ...[
    'a b',
    'evil.com/..',
    '[::1',
    'x'.repeat(300),
    'localhost:99999999',
    'é.example',
    'a@b',
    'host\tname',
    '..',
    '-bad-.com',
    'localhost:abc',
  ].map((host) => get('/', '4xx', { Host: host })),
  ...['a.com:99999', 'a.com, b.com', 'a.com:0', 'a.com:', '[zz::1]', '[::1]x', 'a..b', 'a.com:80:80', '999.1.1.1'].map(
    (host) => get('/', '4xx', { Host: host }),
  ),
  get('/', 'ok', { Host: 'a.com:65535' }),
  get('/', 'ok', { Host: '[2001:db8::1]' }),
  { name: 'GET / without Host (HTTP/1.1)', request: 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n', expect: '4xx' },
  { name: 'GET / HTTP/1.0 without Host', request: 'GET / HTTP/1.0\r\n\r\n', expect: 'ok' },
  get('/', 'ok', { Host: 'shop.example.com:8443' }),
  get('/', 'ok', { Host: '[::1]:3000' }),
  // Abusive or odd query strings on real pages: the normal page (or its nearest valid state)
  ...[
    '/products?page=1&page=2',
    '/products?a[b][c][d]=1',
    '/products?__proto__=x',
    '/products?constructor[prototype][x]=1',
    '/products?page=-1',
    '/products?page=99999999999999999999',
    '/products?limit=abc',
    '/products?sort=%3Cscript%3E',
    '/?%',
    '/?=&=&',
    '/?a=%E0',
    '/about?x=%ZZ',
    '/products?page=1e3',
    '/products?page=0x10',
    '/products?limit=-12',
    '/products?page=%20',
    '/productDetails?id=../../etc/passwd',
    '/?_data=root',
    '/about?index',
    '/about.data',
  ].map((t) => get(t, 'ok')),
  // Odd paths
  ...[
    '//',
    '///about',
    '/about/',
    '/ABOUT',
    '/about;jsessionid=1',
    '/\\',
    '/products/1',
    '/a/b/c/d/e/f',
    '/%20',
    '/~root',
  ].map((t) => get(t, 'ok')),
  // Not HTTP at all
  { name: 'garbage', request: 'GARBAGE\r\n\r\n', expect: '4xx' },
  {
    name: 'absolute-form target',
    request: 'GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    expect: 'ok',
  },
  {
    name: 'absolute-form target with a port',
    request: httpRequest('GET', 'http://127.0.0.1:3000/about?x=1'),
    expect: 'ok',
  },
  {
    name: 'absolute-form target, port out of range',
    request: httpRequest('GET', 'http://a.com:99999/'),
    expect: '4xx',
  },
  { name: 'absolute-form target with user info', request: httpRequest('GET', 'http://user@a.com/'), expect: '4xx' },
  { name: 'request target neither a path nor a URL', request: httpRequest('GET', 'about'), expect: '4xx' },
  { name: 'bad version', request: 'GET / HTTP/9.9\r\nHost: localhost\r\n\r\n', expect: '4xx' },
  {
    name: 'header without colon',
    request: 'GET / HTTP/1.1\r\nHost: localhost\r\nBroken header\r\n\r\n',
    expect: '4xx',
  },
  {
    name: 'conflicting lengths',
    request: 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    expect: '4xx',
  },
];

// A stack frame ("    at fn (/path/file.js:1:2)") or a source path: what a leaked stack trace looks like.
const stackTrace = /\n\s+at \S|\bat \S+ \(\/|\.tsx?:\d+:\d+/;

describe('a bad-input corpus against the real server', () => {
  it('has at least 100 requests', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
  });

  it.each(corpus)('$name → $expect, no 5xx, no stack trace', async ({ request, expect: expected }) => {
    const response = await rawRequest(port, request);
    if (response.status !== 0) expect(response.status).toBeLessThan(500);
    if (expected === '4xx') {
      // Node itself may close the socket on unparseable bytes with a bare 400 or nothing at all.
      expect(
        response.status === 0 || (response.status >= 400 && response.status < 500),
        `status ${response.status}`,
      ).toBe(true);
    } else {
      expect([200, 301, 302, 308, 404]).toContain(response.status);
    }
    expect(response.body).not.toMatch(stackTrace);
    expect(response.body).not.toContain('createApp');
    expect(response.body).not.toContain(process.cwd());
  });

  it('the server still answers after the whole corpus', async () => {
    const { status } = await fetchPage(server.origin, '/healthz');
    expect(status).toBe(200);
    expect((await fetchPage(server.origin, '/')).status).toBe(200);
  });
});

/** The path of one of the build's scripts, as the home page names it. */
const aScript = async () => /\/assets\/[\w-]+\.js/.exec((await fetchPage(server.origin, '/')).html)![0];

describe('refusals say what they are', () => {
  const post = (target: string, headers: Record<string, string> = {}) =>
    rawRequest(
      port,
      httpRequest('POST', target, {
        Host: new URL(server.origin).host,
        Origin: server.origin,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': '3',
        ...headers,
      }) + 'a=1',
    );

  // Routes without an action, and what the server answers itself (public files, health checks, its version: these
  // got the not-found page, an attack run).
  it.each([
    '/about',
    '/products.data',
    '/robots.txt',
    '/sitemap.xml',
    '/__manifest?version=x&paths=/about',
    '/favicon.ico',
    '/images/icons.svg',
    '/healthz',
    '/readyz',
    '/__version',
  ])('POST %s, which takes none: 405 with the Allow header RFC 9110 asks for', async (target) => {
    const response = await post(target);
    expect(response.status).toBe(405);
    expect(header(response.head, 'Allow')).toBe('GET, HEAD');
    expect(response.body).not.toContain('Unexpected Server Error');
  });

  // The body is never read: kept alive, the connection read and dropped whatever came for a request timeout (an
  // attack run drained 2.9 GB on one connection so). An asset's 405 was express.static's, without no-store.
  it.each([
    ['POST /favicon.ico', 405],
    ['POST /assets/{script}', 405],
    ['PUT /about', 405],
    ['POST /%ZZ', 400],
    ['POST /{2,100 characters}', 414],
  ])('%s with a body: %i, no-store, and the connection closed rather than the body read', async (request, status) => {
    const line = request.replace('/assets/{script}', await aScript()).replace('{2,100 characters}', 'a'.repeat(2_100));
    const response = await rawRequest(
      port,
      `${line} HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\n` +
        'Content-Type: text/plain\r\nContent-Length: 100000000000\r\n\r\nabc',
    );
    expect(response.status).toBe(status);
    expect(header(response.head, 'Connection')).toBe('close');
    expect(header(response.head, 'Cache-Control')).toBe('no-store');
  });

  it('route discovery naming paths that do not decode answers for the others, without a line of plain text per path', async () => {
    // React Router warned on the console for each such path: 393 lines of text (not JSON) for one 2 KB request.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const version = (await fetch(`${server.origin}/about`)).headers.get('x-storefront-version');
      const manifest = (paths: string) => fetchPage(server.origin, `/__manifest?version=${version}&paths=${paths}`);
      // A page asks for all its links at once: the good ones are still discovered.
      const mixed = await manifest('/about,/%zz,/%gh,/products/%,/products');
      expect(mixed.status).toBe(200);
      expect(Object.keys(JSON.parse(mixed.html) as object)).toEqual(
        expect.arrayContaining(['routes/about', 'routes/products']),
      );
      expect((await manifest('/%zz,/%gh')).status).toBe(400);
      expect(warn).not.toHaveBeenCalled();
      expect((await manifest('/about,/products,/%70roducts')).status).toBe(200);
    } finally {
      warn.mockRestore();
    }
  });

  it('an asset’s 416 or 412 is plain text, not labelled with the compression of the file it did not send', async () => {
    const home = await fetchPage(server.origin, '/');
    const script = /\/assets\/[\w-]+\.js/.exec(home.html)![0];
    for (const [encoding, precondition] of [
      ['br', { range: 'bytes=99999999-' }],
      ['gzip', { 'if-match': '"nothing"' }],
    ] as const) {
      const response = await rawRequest(
        port,
        httpRequest('GET', script, { Host: 'localhost', 'Accept-Encoding': encoding, ...precondition }),
      );
      expect([416, 412]).toContain(response.status);
      expect(header(response.head, 'Content-Encoding'), encoding).toBeUndefined();
      expect(header(response.head, 'Last-Modified'), encoding).toBeUndefined();
    }
  });

  it('POST to a resource route says Method Not Allowed, in words, not as an unexpected server error', async () => {
    const response = await post('/robots.txt');
    expect(header(response.head, 'Content-Type')).toBe('text/plain; charset=utf-8');
    // Chunked: the one chunk is the text.
    expect(response.body.split('\r\n')[1]).toBe('Method Not Allowed');
  });

  it('a path with a dot segment, which no browser sends, is refused with 400 rather than served as what it resolves to', async () => {
    for (const target of [
      '/products/..',
      '/.',
      '/%2e',
      '/about/.',
      '/x/%2E%2e/about',
      '/assets/../server.ts',
      '/products\\..',
    ]) {
      const response = await rawRequest(port, httpRequest('GET', target));
      expect([response.status, response.body], target).toEqual([400, 'Bad Request: dot segment in path']);
    }
    // Names that only contain dots are names.
    for (const target of ['/...', '/..about', '/about.', '/a.b/c']) {
      expect((await rawRequest(port, httpRequest('GET', target))).status, target).toBe(404);
    }
  });

  it('a refused asset path answers 403 Forbidden and a compressed body 415, each in its own words', async () => {
    const forbidden = await rawRequest(port, httpRequest('GET', '/assets/..%2fpackage.json'));
    expect([forbidden.status, forbidden.body]).toEqual([403, 'Forbidden']);
    const compressed = await post('/contacts', { 'Content-Encoding': 'gzip' });
    expect([compressed.status, compressed.body]).toEqual([415, 'Unsupported Media Type']);
  });

  it('a body in a transfer coding besides chunked, which Node would hand over still coded, answers 501', async () => {
    const chunked = (coding: string) =>
      rawRequest(
        port,
        `POST /contacts HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\nOrigin: ${server.origin}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: ${coding}\r\n` +
          'Connection: close\r\n\r\n3\r\na=1\r\n0\r\n\r\n',
      );
    for (const coding of ['gzip, chunked', 'deflate,chunked', 'x-custom, chunked']) {
      const response = await chunked(coding);
      expect([response.status, response.body], coding).toEqual([501, 'Not Implemented: transfer coding']);
    }
    expect((await chunked('chunked')).status).toBe(200);
    expect((await chunked('Chunked')).status).toBe(200);
  });
});
