import type { MetaDescriptor } from 'react-router';
import { brand } from '../../fixtures/brand';
import type { PageCopy } from '../../fixtures/types';

/**
 * Title ("Title | Brand"), description, social cards and indexing rule for one page. The canonical link and
 * og:url need the absolute origin, so root.tsx's Layout adds them from `page.path`.
 */
export function pageMeta(page: PageCopy | undefined): MetaDescriptor[] {
  if (!page) return [];
  const { title, description, noindex } = page;
  const fullTitle = `${title} | ${brand.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
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
