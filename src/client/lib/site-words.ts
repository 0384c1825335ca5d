import { useEffect, useState } from 'react';
import type { PageLanguage } from '../../shared/i18n/paths';
import { hasSiteFrame, loadCatalogue } from '../../shared/i18n/registry';

/**
 * `language` once the frame's words (the header's, the not-found page's: shared/i18n/site-frame-*.ts, ADR 108) are
 * here: the site's Spanish is a chunk of its own, loaded before a Spanish page is drawn (routes/__root.tsx, main.tsx,
 * the Preferences dialog), or here when a page asks for it first.
 */
export function useSiteWords(language: PageLanguage): PageLanguage {
  const [, setLoaded] = useState(0);
  const ready = hasSiteFrame(language);
  useEffect(() => {
    if (!ready) void loadCatalogue('siteFrame', language).then(() => setLoaded((n) => n + 1));
  }, [language, ready]);
  return ready ? language : 'en';
}
