import { centre } from './centre';

/**
 * The public pages that search engines should find: their address, title and description, in one place. The
 * server writes each page's <title>, description, canonical URL and Open Graph tags from it and lists the
 * paths in /sitemap.xml; the client's route `head` takes the same titles (lib/page-title.ts).
 */
export const PUBLIC_PAGES = [
  {
    path: '/',
    title: null,
    description: `Licensed childcare in ${centre.address.city}, Ohio for children ${centre.agesServed.text}: infant, preschool and kindergarten prep programs. Now enrolling.`,
  },
  {
    path: '/events',
    title: 'Events & Announcements',
    description: `Family events, celebrations, closures and news from ${centre.name} in ${centre.address.city}, Ohio.`,
  },
  {
    path: '/enrollment',
    title: 'Online Enrollment Application',
    description: `Apply online for a place at ${centre.name}: infant care, preschool and kindergarten prep in ${centre.address.city}, Ohio.`,
  },
  {
    path: '/milestones',
    title: 'Milestone Achievement Badges',
    description: `The developmental milestones we celebrate at ${centre.name}, from first words to kindergarten readiness, and the children's latest badges.`,
  },
] as const;

/**
 * The parent portal's pages: not content for search, but a family searching for the centre's parent sign-in
 * should find it, and link previews should say what the page is. They get a title, description and canonical
 * URL and are not `noindex`: the dashboard draws nothing and reads nothing without a parent's session (a
 * crawler is sent on to the sign-in page), so keeping it out of the index protected nothing. Only the sign-in
 * page is in the sitemap. Staff pages and the password-reset page (a token in its address) stay `noindex`.
 */
export const PORTAL_PAGES = [
  {
    path: '/parent-login',
    title: 'Parent Portal',
    description: `Parents of ${centre.name}: sign in to follow your child's day, development and milestones, message the centre and see your payments.`,
    inSitemap: true,
  },
  {
    path: '/parent-dashboard',
    title: 'Parent Dashboard',
    description: `Your child's activities, development notes, milestones, messages and receipts at ${centre.name}. Sign in with the login the centre sent you.`,
    inSitemap: false,
  },
] as const;

/**
 * The public lists a server-rendered page can be drawn with: those of the server's registry of cached reads
 * (server/cache/registry.ts; client/entry-server.tsx says which page draws which).
 */
export type { PublicListName as PageList } from '../server/cache/registry';

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** A page's full title: its own, then the centre's name (read first by screen readers and tabs). */
export function fullTitle(title?: string | null): string {
  return title ? `${title} | ${centre.name}` : `${centre.name} | Childcare in Columbus, Ohio`;
}

/** The tab title of the not-found page (SPEC.md §2: any other path), written by the server and kept by the client. */
export const NOT_FOUND_TITLE = fullTitle('Page Not Found');

export function publicPage(path: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((p) => p.path === path);
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
  return page ? { title: fullTitle(page.title), description: page.description, url: origin + page.path } : null;
}

/** The addresses /sitemap.xml lists. */
export const SITEMAP_PATHS: readonly string[] = [
  ...PUBLIC_PAGES.map((p) => p.path),
  ...PORTAL_PAGES.filter((p) => p.inSitemap).map((p) => p.path),
];
