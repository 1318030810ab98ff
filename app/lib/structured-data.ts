/** schema.org objects for JSON-LD. Pure: they take absolute URLs and return plain data. */

export type Crumb = { name: string; url: string };

export function breadcrumbList(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export function organization({
  name,
  url,
  logo,
  email,
  telephone,
}: {
  name: string;
  url: string;
  logo: string;
  email: string;
  telephone: string;
}) {
  return { '@context': 'https://schema.org', '@type': 'Organization', name, url, logo, email, telephone };
}

export function webSite({ name, url }: { name: string; url: string }) {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name, url };
}

export function itemList(items: Array<{ name: string; url: string }>, startPosition = 1) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: startPosition + index,
      name: item.name,
      url: item.url,
    })),
  };
}
