import { useLocation } from '@tanstack/react-router';
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { siteText } from '../../shared/i18n/registry';
import { languageOfPath, pathIn } from '../../shared/i18n/paths';
import { notFoundTitle } from '../../shared/public-pages';
import { useSiteWords } from '../lib/site-words';
import { SiteFooter } from './home/SiteFooter';
import { Card } from './ui/Card';
import { LinkButton } from './ui/LinkButton';

/**
 * Any address no route answers; under /es, in Spanish. The server sends it as a document (status 404, the home
 * page's script, ADR 072): the site's header and footer, and a link home.
 */
export function NotFound() {
  const language = useSiteWords(languageOfPath(useLocation({ select: (l) => l.pathname })));
  // The not-found screen has no route of its own to give it a head, so it names the tab itself.
  useEffect(() => {
    const previous = document.title;
    document.title = notFoundTitle(language);
    return () => {
      document.title = previous;
    };
  }, [language]);
  return (
    <>
      <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
        <Card className="w-full max-w-md p-6">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
            <h1 className="text-2xl font-bold text-stone-900">{siteText(language, 'notFound.heading')}</h1>
          </div>
          <p className="mt-4 text-sm text-stone-600">{siteText(language, 'notFound.text')}</p>
          <LinkButton href={pathIn(language, '/')} variant="outline" size="sm" className="mt-6">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {siteText(language, 'nav.back')}
          </LinkButton>
        </Card>
      </main>
      <SiteFooter home={pathIn(language, '/')} />
    </>
  );
}
