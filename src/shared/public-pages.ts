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
 * The public lists a server-rendered page can be drawn with (client/entry-server.tsx says which page draws which;
 * server/pages/render.ts reads them as an anonymous visitor).
 */
export type PageList = 'gallery.list' | 'events.list' | 'announcements.list' | 'milestones.list' | 'achievements.list' | 'achievements.recent';

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** A page's full title: its own, then the centre's name (read first by screen readers and tabs). */
export function fullTitle(title?: string | null): string {
  return title ? `${title} | ${centre.name}` : `${centre.name} | Childcare in Columbus, Ohio`;
}

export function publicPage(path: string): PublicPage | undefined {
  return PUBLIC_PAGES.find((p) => p.path === path);
}
