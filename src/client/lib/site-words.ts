import { useEffect, useState } from 'react';
import type { PageLanguage } from '../../shared/i18n/paths';
import { hasCatalogue, loadCatalogue } from '../../shared/i18n/registry';

/**
 * `language` once its words are here: the site's Spanish is a chunk of its own, loaded before a Spanish page is
 * drawn (routes/__root.tsx, main.tsx, the Preferences dialog), or here when a page asks for it first.
 */
export function useSiteWords(language: PageLanguage): PageLanguage {
  const [, setLoaded] = useState(0);
  const ready = hasCatalogue('site', language);
  useEffect(() => {
    if (!ready) void loadCatalogue('site', language).then(() => setLoaded((n) => n + 1));
  }, [language, ready]);
  return ready ? language : 'en';
}
