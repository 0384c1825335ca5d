import { pwaHeadTags } from './pwa';
import { centre, publicCentre } from '../centre/profile';
import { centreDataBlock } from '../../shared/page-centre';
import { openDays, SCHEMA_ORG_DAYS } from '../../shared/centre-profile';
import { hasTwin, languageOfPath, pathIn } from '../../shared/i18n/paths';
import { fullTitle, pageHeadOf, SITEMAP_PATHS } from '../../shared/public-pages';
import { loginWords } from '../../shared/i18n/login';

/**
 * What search engines and link previews read (ADR 011): /robots.txt, /sitemap.xml, and each page's head
 * (title, description, canonical URL, Open Graph, and on the home page the centre as JSON-LD `ChildCare`).
 * Everything comes from shared/public-pages.ts and shared/centre.ts; `origin` is PUBLIC_URL.
 */

/** Staff areas, the reset page and its Spanish twin (a token in their address) and the API: nothing there for a search engine. */
const PRIVATE_PATHS = ['/admin', '/admin-dashboard', '/parent-reset-password', '/es/parent-reset-password', '/api/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The ages the programs take together: "6 weeks to 5 years" for programs from birth (licensing's six weeks) to 71 months. */
function agesServed() {
  const programs = centre.programs;
  if (programs.length === 0) return null;
  const from = Math.min(...programs.map((p) => p.fromMonths));
  const to = Math.max(...programs.map((p) => p.toMonths));
  const years = Math.floor(to / 12);
  const youngest = from === 0 ? '6 weeks' : from < 24 ? `${from} months` : `${Math.floor(from / 12)} years`;
  return { text: `${youngest} to ${years} years`, minYears: from === 0 ? 0.12 : Math.round((from / 12) * 100) / 100, maxYears: years };
}

/** schema.org's opening hours: one entry per set of days sharing the same hours (one, for most centres). */
function openingHoursSpecification() {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { index, hours } of openDays(centre)) {
    const key = `${hours.opens}-${hours.closes}`;
    const group = groups.get(key) ?? { ...hours, days: [] };
    group.days.push(`https://schema.org/${SCHEMA_ORG_DAYS[index]}`);
    groups.set(key, group);
  }
  const specs = [...groups.values()].map((g) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: g.days,
    opens: g.opens,
    closes: g.closes,
  }));
  return specs.length === 1 ? specs[0] : specs;
}

/** schema.org `ChildCare` for the home page, from the centre's profile. */
export function childCareJsonLd(origin: string) {
  const ages = agesServed();
  return {
    '@context': 'https://schema.org',
    '@type': 'ChildCare',
    name: centre.name,
    url: `${origin}/`,
    email: centre.email,
    telephone: centre.phones.map((p) => `+1-${p.replace(/\D/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3')}`),
    description: ages ? `Licensed childcare for children ${ages.text}.` : 'Licensed childcare.',
    address: {
      '@type': 'PostalAddress',
      streetAddress: centre.address.street,
      addressLocality: centre.address.city,
      addressRegion: centre.address.state,
      postalCode: centre.address.zip,
      addressCountry: 'US',
    },
    openingHoursSpecification: openingHoursSpecification(),
    ...(ages
      ? {
          audience: {
            '@type': 'PeopleAudience',
            audienceType: `Children ${ages.text}`,
            suggestedMinAge: ages.minYears,
            suggestedMaxAge: ages.maxYears,
          },
        }
      : {}),
  };
}

/**
 * The head of the page at `path`. A public or parent-portal page gets its title, description, canonical URL and
 * Open Graph tags; any other address (staff pages, the reset page, unknown paths) the site's title and `noindex`. The JSON-LD
 * is a data block (`application/ld+json`), never executed, so the CSP's script-src does not apply to it; `<` is
 * escaped so no text in it can close the element.
 */
export function headTags(path: string, origin: string): string {
  const page = pageHeadOf(path, origin) ?? serverOnlyHead(path, origin);
  // (Under /es, the site's title in Spanish: the Spanish reset-password page.)
  if (!page)
    return [
      `<title>${escapeHtml(fullTitle(null, languageOfPath(path)))}</title>`,
      '<meta name="robots" content="noindex" />',
      centreDataBlock(publicCentre()),
    ].join('\n    ');
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const url = escapeHtml(page.url);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(centre.name)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:locale" content="${languageOfPath(path) === 'es' ? 'es_US' : 'en_US'}" />`,
  ];
  // Each page and its twin in the other language name each other (ADR 045); English is the default.
  if (hasTwin(path)) {
    for (const language of ['en', 'es'] as const)
      tags.push(`<link rel="alternate" hreflang="${language}" href="${escapeHtml(origin + pathIn(language, path))}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + pathIn('en', path))}" />`);
  }
  // The parent's pages link the home-screen app's manifest and icon (ADR 051).
  tags.push(...pwaHeadTags(path));
  if (path === '/' || path === '/es') tags.push(`<script type="application/ld+json">${jsonForHtml(childCareJsonLd(origin))}</script>`);
  // The centre's public profile, for the page's own scripts and the app (shared/page-centre.ts, ADR 090).
  tags.push(centreDataBlock(publicCentre()));
  return tags.join('\n    ');
}

/**
 * The head of a page whose words only the server has: the parent sign-in and its Spanish twin (ADR 052),
 * from their server-only catalogue (shared/i18n/login-en.ts, login-es.ts): indexed and in the sitemap (a family
 * searching for the centre's parent sign-in should find it). The app never shows them, so its bundle goes without.
 */
function serverOnlyHead(path: string, origin: string): { title: string; description: string; url: string } | null {
  if (path !== '/parent-login' && path !== '/es/parent-login') return null;
  const language = languageOfPath(path);
  const words = loginWords(language);
  return { title: fullTitle(words['login.meta.title'], language), description: words['login.meta.description'], url: origin + path };
}

/** JSON to put inside an HTML element: `<`, `>` and `&` escaped as \u00xx (still the same JSON). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's template with its language on `<html lang>`: `es` under `/es` (ADR 045), the template's `en` otherwise. */
export function withPageLanguage(template: string, path: string): string {
  return languageOfPath(path) === 'es' ? template.replace(/<html lang="en">/, '<html lang="es">') : template;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
