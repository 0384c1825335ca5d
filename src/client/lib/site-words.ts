import { useEffect, useState } from 'react';
import type { PageLanguage } from '../../shared/i18n/paths';
import { hasSiteCatalogue, loadSiteCatalogue } from '../../shared/i18n/site-catalogue';

/**
 * `language` once its words are here: the site's Spanish is a chunk of its own, loaded before a Spanish page is
 * drawn (routes/__root.tsx, main.tsx, the Preferences dialog), or here when a page asks for it first.
 */
export function useSiteWords(language: PageLanguage): PageLanguage {
  const [, setLoaded] = useState(0);
  const ready = hasSiteCatalogue(language);
  useEffect(() => {
    if (!ready) void loadSiteCatalogue(language).then(() => setLoaded((n) => n + 1));
  }, [language, ready]);
  return ready ? language : 'en';
}
