import { describe, expect, it } from 'vitest';
import { categories, footerColumns, notFoundText, pages, site, topNav } from '../../fixtures/site.ts';
import { fetchPage } from '../support/server.ts';
import { server, useServer } from '../support/setup.ts';
import { h1Text, visibleText } from '../support/html.ts';

useServer();

const routes: Array<[path: string, heading: string]> = [
  ['/products', 'Products'],
  ['/productDetails', 'Product Details'],
  ['/about', 'About'],
  ['/contacts', 'Contacts'],
  ['/login', 'Login'],
  ['/signUp', 'Sign Up'],
  ['/myAccount', 'My Account'],
  ['/cart', 'Cart'],
  ['/checkOut', 'Check Out'],
  ['/notfound', 'Notfound'],
  ['/journal', 'Journal'],
];

describe('every route of the spec', () => {
  it.each(routes)('%s answers 200 with the heading %s and the breadcrumb Home › title', async (path, heading) => {
    const { status, html } = await fetchPage(server.origin, path);
    expect(status).toBe(200);
    expect(h1Text(html)).toBe(heading);
    const breadcrumb = html.match(/<nav aria-label="Breadcrumb">([\s\S]*?)<\/nav>/)?.[1] ?? '';
    expect(visibleText(breadcrumb)).toBe(`Home ${heading}`);
    expect(breadcrumb).toContain('href="/"');
  });

  it.each(Object.values(pages))(
    '$path has the title "$title | brand", a description and a canonical link',
    async (page) => {
      const { html } = await fetchPage(server.origin, page.path);
      expect(html).toContain(`<title>${page.title} | ${site.brand}</title>`);
      expect(html).toMatch(new RegExp(`<meta name="description" content="[^"]+"`));
      expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    },
  );

  it('the home page has no breadcrumb', async () => {
    const { status, html } = await fetchPage(server.origin, '/');
    expect(status).toBe(200);
    expect(html).not.toContain('aria-label="Breadcrumb"');
  });
});

describe('the page shell in the server HTML', () => {
  it('has the six top links, the Product Details tooltip, the category list, search, account and cart', async () => {
    const { html } = await fetchPage(server.origin, '/about');
    const text = visibleText(html);
    for (const link of topNav) expect(html).toContain(`href="${link.to}"`);
    expect(text).toContain('Home Shop About Contacts Journal Product Details');
    expect(text).toContain('Temporary link: it will be removed from the navbar after development.');
    expect(text).toContain('The product page shows when a product is searched or clicked.');
    expect(text).toContain('Shop by Catagory');
    expect(text).toContain(categories.join(' '));
    expect(text).toContain('Accesories Furniture Electronics Clothes Bags Home appliances');
    expect(html).toContain('placeholder="Search Products"');
    expect(html).toContain('href="/myAccount"');
    expect(text).toContain('My Account Log Out');
    expect(text).toContain('Black Smart Watch $89.00');
    expect(text).toMatch(/Subtotal \$89\.00/);
    expect(html).toMatch(/href="\/cart"[^>]*>View Cart</);
    expect(html).toMatch(/href="\/checkOut"[^>]*>Checkout</);
  });

  it('has the footer columns MENU, SHOP and HELP, contact details and social links', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const footer = html.match(/<footer[\s\S]*<\/footer>/)?.[0] ?? '';
    const text = visibleText(footer);
    expect(text).toContain('MENU Home Shop About Contact Journal');
    expect(text).toContain('SHOP Category 1 Category 2 Category 3 Category 4 Category 5');
    expect(text).toContain('HELP Privacy Policy Terms & Conditions Special E-shop Shipping Secure Payments');
    expect(text).toContain(site.contact.street);
    expect(text).toContain(site.contact.phone);
    expect(text).toContain(site.contact.email);
    expect(footer).toMatch(/aria-label="Storefront on Facebook"/);
  });

  it('every footer link leads to a page that exists', async () => {
    const targets = new Set(footerColumns.flatMap((column) => column.links.map((link) => link.to)));
    for (const target of targets) expect((await fetchPage(server.origin, target)).status).toBe(200);
  });
});

describe('errors', () => {
  it.each(['/no-such-page', '/products/extra', '/PRODUCTS-x', '/%E2%9C%93'])(
    'an unknown path (%s) answers 404 inside the shell with the routing library wording',
    async (path) => {
      const { status, html } = await fetchPage(server.origin, path);
      expect(status).toBe(404);
      expect(h1Text(html)).toBe('Unexpected Application Error!');
      expect(visibleText(html)).toContain('404 Not Found');
      expect(html).toContain('Shop by Catagory');
      expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
    },
  );

  it('/notfound shows the spec text, a search box and Back to Home', async () => {
    const { status, html } = await fetchPage(server.origin, '/notfound');
    expect(status).toBe(200);
    expect(visibleText(html)).toContain(notFoundText);
    expect(html).toMatch(/id="not-found-search"[^>]*type="search"|type="search"[^>]*id="not-found-search"/);
    expect(html).toMatch(/href="\/"[^>]*>Back to Home</);
  });
});

describe('server', () => {
  it('answers /healthz with 200 ok', async () => {
    const { status, html } = await fetchPage(server.origin, '/healthz');
    expect(status).toBe(200);
    expect(html).toBe('ok');
  });

  it('serves hashed assets as immutable for a year and other public files for an hour', async () => {
    const { html } = await fetchPage(server.origin, '/');
    const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(asset).toBeDefined();
    const assetResponse = await fetchPage(server.origin, asset!);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await fetchPage(server.origin, '/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('compresses HTML', async () => {
    const response = await fetch(`${server.origin}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('does not announce Express', async () => {
    const { headers } = await fetchPage(server.origin, '/');
    expect(headers.get('x-powered-by')).toBeNull();
  });
});
