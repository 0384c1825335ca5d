import { languageOfPath } from '../../shared/i18n/paths';
import { fullTitle, indexedPage, type PORTAL_PAGES, type PublicPage } from '../../shared/public-pages';

/**
 * The route `head` of a page: its title (shared/public-pages.ts for the public ones). The server writes the
 * first page's head (description, canonical, Open Graph) into the HTML; this keeps the title right as the
 * visitor moves from page to page.
 */
export function pageHead(title?: string, language: 'en' | 'es' = 'en') {
  return () => ({ meta: [{ title: fullTitle(title, language) }] });
}

/** The `head` of one of the public or portal pages of shared/public-pages.ts, with the title the server writes too. */
export function publicPageHead(path: PublicPage['path'] | (typeof PORTAL_PAGES)[number]['path'] | '/es' | '/es/events' | '/es/milestones') {
  // Looked up when the page is rendered, not when its route is defined: a `/es` page's words load with it.
  return () => pageHead(indexedPage(path)?.title ?? undefined, languageOfPath(path))();
}
