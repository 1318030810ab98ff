import type { MetaDescriptor } from 'react-router';
import { brand } from '../../fixtures/brand';
import type { PageCopy } from '../../fixtures/types';

/** Title ("Title | Brand"), description, canonical link and social cards for one page. */
export function pageMeta(page: PageCopy | undefined): MetaDescriptor[] {
  if (!page) return [];
  const { title, description, path, noindex } = page;
  const fullTitle = `${title} | ${brand.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: path },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
