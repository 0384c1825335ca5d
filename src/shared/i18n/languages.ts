/** The languages the site speaks (issue 33). No imports: every page's script may read this without zod or FormatJS. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
