import { describe, expect, it } from 'vitest';
import { pages } from '../../fixtures/site.ts';
import { refusalToStart, spawnServer } from '../support/process.ts';
import { fetchPage } from '../support/server.ts';
import { server, useServer } from '../support/setup.ts';

useServer();

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe('per-page SEO', () => {
  it.each(Object.values(pages))(
    '$path has a title, description, absolute canonical link, Open Graph and Twitter tags',
    async (page) => {
      const { html } = await fetchPage(server.origin, page.path);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<title>${page.title} | Storefront</title>`);
      expect(attribute(head, /<meta name="description" content="([^"]+)"/)).toBe(page.description);
      const canonical = head.match(/<link rel="canonical" href="([^"]+)"/g) ?? [];
      expect(canonical).toHaveLength(1);
      expect(attribute(head, /<link rel="canonical" href="([^"]+)"/)).toBe(`${server.origin}${page.path}`);
      expect(head).not.toMatch(/<meta[^>]+canonical/);
      expect(attribute(head, /<meta property="og:url" content="([^"]+)"/)).toBe(`${server.origin}${page.path}`);
      for (const property of ['og:title', 'og:description', 'og:type', 'og:site_name'])
        expect(head).toContain(`property="${property}"`);
      for (const name of ['twitter:card', 'twitter:title', 'twitter:description'])
        expect(head).toContain(`name="${name}"`);
    },
  );

  it.each(['/login', '/signUp', '/myAccount', '/cart', '/checkOut', '/notfound'])('%s is noindex', async (path) => {
    const { html } = await fetchPage(server.origin, path);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(['/', '/products', '/productDetails', '/about', '/contacts', '/journal'])(
    '%s may be indexed',
    async (path) => {
      const { html } = await fetchPage(server.origin, path);
      expect(html).not.toContain('content="noindex"');
    },
  );

  it.each(['/about', '/productDetails', '/checkOut'])(
    '%s has a BreadcrumbList matching its breadcrumb',
    async (path) => {
      const { html } = await fetchPage(server.origin, path);
      const breadcrumb = jsonLd(html).find((item) => item['@type'] === 'BreadcrumbList') as {
        itemListElement: Array<Record<string, unknown>>;
      };
      expect(breadcrumb.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${server.origin}/` },
        { '@type': 'ListItem', position: 2, name: expect.any(String), item: `${server.origin}${path}` },
      ]);
    },
  );

  it('uses PUBLIC_URL for absolute URLs when the operator sets it, whatever the Host', async () => {
    const operated = await spawnServer({ PUBLIC_URL: 'https://shop.example.com/' });
    try {
      const { html } = await fetchPage(operated.origin, '/about');
      expect(html).toContain('<link rel="canonical" href="https://shop.example.com/about"/>');
      const sitemap = await fetchPage(operated.origin, '/sitemap.xml');
      expect(sitemap.html).toContain('<loc>https://shop.example.com/</loc>');
    } finally {
      operated.child.kill('SIGTERM');
      await operated.exited;
    }
  });

  it('refuses to start with a PUBLIC_URL that is not an origin', async () => {
    expect(await refusalToStart({ PUBLIC_URL: 'shop.example.com/store' })).toMatch(/PUBLIC_URL must be an origin/);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows crawling and names the sitemap', async () => {
    const { status, headers, html } = await fetchPage(server.origin, '/robots.txt');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(html).toContain('User-agent: *');
    expect(html).toContain(`Sitemap: ${server.origin}/sitemap.xml`);
  });

  it('sitemap.xml lists exactly the public pages with absolute URLs', async () => {
    const { status, headers, html } = await fetchPage(server.origin, '/sitemap.xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locations = [...html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(
      ['/', '/about', '/contacts', '/journal', '/productDetails', '/products']
        .map((path) => server.origin + path)
        .sort(),
    );
  });
});

describe('structured data', () => {
  it('the home page describes the Organization and the WebSite', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const items = jsonLd(html);
    expect(items.find((item) => item['@type'] === 'Organization')).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Storefront',
      url: `${server.origin}/`,
      logo: `${server.origin}/favicon.svg`,
    });
    expect(items.find((item) => item['@type'] === 'WebSite')).toMatchObject({
      name: 'Storefront',
      url: `${server.origin}/`,
    });
    expect(items.some((item) => item['@type'] === 'BreadcrumbList')).toBe(false);
  });

  it('the shop page lists its products as an ItemList, numbered from the page offset', async () => {
    const { html } = await fetchPage(server.origin, '/products?page=2');
    const list = jsonLd(html).find((item) => item['@type'] === 'ItemList') as {
      itemListElement: Array<Record<string, unknown>>;
    };
    expect(list.itemListElement).toHaveLength(12);
    expect(list.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 13,
      name: 'Product',
      url: `${server.origin}/productDetails`,
    });
  });
});

describe('images', () => {
  const routes = Object.values(pages).map((page) => page.path);

  it.each(routes)('%s: every image has a width and a height, and below-the-fold images are lazy', async (path) => {
    const { html } = await fetchPage(server.origin, path);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const images = main.match(/<img\b[^>]*>/g) ?? [];
    for (const image of html.match(/<img\b[^>]*>/g) ?? []) {
      expect(image, image).toMatch(/\swidth="\d+"/);
      expect(image, image).toMatch(/\sheight="\d+"/);
      expect(image, image).toMatch(/\salt="[^"]*"/);
    }
    // Past the first screenful (a few images at most), nothing loads before it is needed.
    for (const image of images.slice(8)) expect(image, image).toContain('loading="lazy"');
  });
});
