/** The languages the site speaks. No imports: every page's script may read this without zod or FormatJS. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The BCP 47 locale of each language the site speaks: dates, money and plurals follow it. */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };
