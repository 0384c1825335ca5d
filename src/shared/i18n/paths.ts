/**
 * A page's language is its address (ADR 045): the Spanish twin of a public page is the same path under `/es`.
 * Nothing here reads Accept-Language or a cookie, so the server, the response cache and the browser all agree.
 * No imports: the server's route table, the response cache and the pages' small scripts read this.
 */
export type PageLanguage = 'en' | 'es';

/**
 * The pages that have a Spanish twin, by their English path: the public pages, and the parent sign-in,
 * where a parent who reads Spanish lands when their session ends or they sign out.
 */
export const TWINNED_PATHS = ['/', '/events', '/enrollment', '/milestones', '/parent-login'] as const;

/** `/es`, `/es/events` ...: the language of the page at `path`. */
export function languageOfPath(path: string): PageLanguage {
  return path === '/es' || path.startsWith('/es/') ? 'es' : 'en';
}

/** The English path of a page (`/es/events` → `/events`, `/es` → `/`). */
export function englishPath(path: string): string {
  if (languageOfPath(path) === 'en') return path;
  return path.slice(3) || '/';
}

/** The path of `path`'s page in `language` (`/events` in Spanish is `/es/events`; `/` is `/es`). */
export function pathIn(language: PageLanguage, path: string): string {
  const english = englishPath(path);
  if (language === 'en') return english;
  return english === '/' ? '/es' : `/es${english}`;
}

/** Whether the page at `path` (either language, a trailing slash allowed) has a twin in the other language. */
export function hasTwin(path: string): boolean {
  const english = englishPath(path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';
  return (TWINNED_PATHS as readonly string[]).includes(english);
}

/** Every Spanish twin's path. */
export const SPANISH_PATHS: readonly string[] = /* @__PURE__ */ (() => TWINNED_PATHS.map((p) => pathIn('es', p)))();
