import { pageCentre } from './page-centre';
import type { SiteKey } from './i18n/en';
import { siteText, siteWord } from './i18n/registry';
import { languageOfPath, type PageLanguage, pathIn } from './i18n/paths';

/**
 * The public pages that search engines should find: their address, title and description, in one place. The
 * server writes each page's <title>, description, canonical URL and Open Graph tags from it and lists the
 * paths in /sitemap.xml; the client's route `head` takes the same titles (lib/page-title.ts).
 */
const META = { '/': 'home', '/events': 'events', '/enrollment': 'enrollment', '/milestones': 'milestones' } as const;
/**
 * The centre's name, city and state as the pages name them (its profile, ADR 090): the state by its name in the
 * page's language where the catalogue has one ('Ohio'), else by its code.
 */
export function centrePlace(language: PageLanguage): { name: string; city: string; state: string } {
  const { name, address } = pageCentre();
  const state = siteWord(language, `enrollment.state.${address.state}` as SiteKey) ?? address.state;
  return { name, city: address.city, state };
}

/** A public page's head in `language`, its words from the catalogue (meta.*). */
function pageIn<P extends keyof typeof META>(language: PageLanguage, path: P) {
  const id = META[path];
  return {
    path: pathIn(language, path) as P,
    title: id === 'home' ? null : siteText(language, `meta.${id as Exclude<typeof id, 'home'>}.title`),
    // Read when asked: it names the centre as its profile has it now.
    get description() {
      return siteText(language, `meta.${id}.description`, centrePlace(language));
    },
  };
}

export const PUBLIC_PAGES = [pageIn('en', '/'), pageIn('en', '/events'), pageIn('en', '/enrollment'), pageIn('en', '/milestones')] as const;

const TWINNED = ['/', '/events', '/enrollment', '/milestones'] as const;

/**
 * The Spanish twins of the public pages: `/es`, `/es/events`, `/es/enrollment`, `/es/milestones`, and
 * of the parent sign-in, `/es/parent-login` (its head is the server's: server/pages/seo.ts).
 */
export const SPANISH_PATHS: readonly string[] = /* @__PURE__ */ (() => [
  ...TWINNED.map((path) => pathIn('es', path)),
  '/es/parent-login',
])();

/**
 * The Spanish twins with their heads. Made when asked, not when this module loads: their words are the Spanish
 * catalogue's, which the browser loads only for a `/es` page (shared/i18n/registry.ts).
 */
function spanishPage(path: string): { path: string; title: string | null; description: string } | undefined {
  const twin = TWINNED.find((p) => pathIn('es', p) === path);
  return twin && pageIn('es', twin);
}

/**
 * The parent portal's dashboard: not content for search, but link previews should say what the page is. It gets a
 * title, description and canonical URL and is not `noindex`: it renders nothing and reads nothing without a parent's
 * session (a crawler is sent on to the sign-in page), so keeping it out of the index protected nothing. The sign-in
 * pages, `/parent-login` and `/es/parent-login`, are indexed and in the sitemap too, their heads written by the
 * server from their own catalogue (server/pages/seo.ts, shared/i18n/login-en.ts): the app never shows them. Staff
 * pages and the password-reset page (a token in its address) stay `noindex`.
 */
export const PORTAL_PAGES = [
  {
    path: '/parent-dashboard',
    get title() {
      return siteText('en', 'meta.portal.title');
    },
    get description() {
      return siteText('en', 'meta.portal.description', { name: pageCentre().name });
    },
  },
] as const;

/**
 * The public lists a server-rendered page can be rendered with: those of the server's registry of cached reads
 * (server/cache/registry.ts; client/entry-server.tsx says which page renders which).
 */
export type { PublicListName as PageList } from '../server/cache/registry';

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** A page's full title: its own, then the centre's name (read first by screen readers and tabs). */
export function fullTitle(title?: string | null, language: PageLanguage = 'en'): string {
  return title
    ? siteText(language, 'meta.pageTitle', { title, name: pageCentre().name })
    : siteText(language, 'meta.siteTitle', centrePlace(language));
}

/**
 * The tab title of the not-found page (docs/product.md §2: any other path) in the address's language, written by the server
 * and kept by the client.
 */
export const notFoundTitle = (language: PageLanguage = 'en'): string => fullTitle(siteText(language, 'notFound.title'), language);

export function publicPage(path: string): { path: string; title: string | null; description: string } | undefined {
  return PUBLIC_PAGES.find((p) => p.path === path) ?? spanishPage(path);
}

/** Every page a search engine may index, with its head: the public pages and the portal's. */
export function indexedPage(path: string): { path: string; title: string | null; description: string } | undefined {
  return publicPage(path) ?? PORTAL_PAGES.find((p) => p.path === path);
}

/**
 * What a page's head says of it, at `origin`: its full title, description and canonical URL, or null for an
 * address search engines should not index. The server writes it (server/pages/seo.ts) and the browser keeps it
 * current as the visitor moves from page to page (client/lib/page-head.ts).
 */
export function pageHeadOf(path: string, origin: string): { title: string; description: string; url: string } | null {
  const page = indexedPage(path);
  return page ? { title: fullTitle(page.title, languageOfPath(page.path)), description: page.description, url: origin + page.path } : null;
}

/** The addresses /sitemap.xml lists. */
/* Both lists are the server's: marked pure, so the browser's bundle, which imports this module, leaves them out. */
export const SITEMAP_PATHS: readonly string[] = /* @__PURE__ */ (() => [
  ...PUBLIC_PAGES.map((p) => p.path),
  ...SPANISH_PATHS.filter((p) => p !== '/es/parent-login'),
  // The parent sign-in and its Spanish twin.
  '/parent-login',
  '/es/parent-login',
])();
