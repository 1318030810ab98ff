import type { MetaDescriptor } from 'react-router';
import type { PageCopy } from '../types/site';

/**
 * Title ("Title | Brand"), description, social cards and indexing rule for one page. The canonical link and
 * og:url need the absolute origin, so root.tsx's Layout adds them from `page.path`.
 */
export function pageMeta(page: PageCopy | undefined): MetaDescriptor[] {
  if (!page) return [];
  const { title, description, noindex, siteName } = page;
  const fullTitle = `${title} | ${siteName}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
