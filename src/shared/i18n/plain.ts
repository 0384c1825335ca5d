import type { SiteKey as MessageKey } from './en';
import type { PageLanguage } from './paths';
import { siteCatalogue } from './site-catalogue';

/**
 * A message with only `{name}` placeholders, without FormatJS's parser: for what every page of the app loads (the
 * navigation bar), where the parser would cost the portal's first load. Plurals, dates and numbers go through
 * `t` / `intlFor` (index.ts); a message with a plural here is a mistake the unit test catches.
 */
export function plainText(language: PageLanguage, key: MessageKey, values: Record<string, string | number> = {}): string {
  const message: string = siteCatalogue(language)[key];
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The catalogue's messages whose keys start with `prefix`, in `language` (a page's copy for its script). */
export function messagesWithPrefix(language: PageLanguage, prefix: string): Record<string, string> {
  const catalogue: Record<string, string> = siteCatalogue(language);
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith(prefix)));
}
