/** The languages the site speaks. No imports: every page's script may read this without zod or FormatJS. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
