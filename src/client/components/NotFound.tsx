import { useLocation } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { plainText } from '../../shared/i18n/plain';
import { languageOfPath } from '../../shared/i18n/paths';
import { notFoundTitle } from '../../shared/public-pages';
import { useSiteWords } from '../lib/site-words';
import { Card } from './ui/Card';

/** docs/product.md §2: any other path; under /es, in Spanish. */
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
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden="true" className="size-8 text-red-500" />
          <h1 className="text-2xl font-bold text-stone-900">{plainText(language, 'notFound.heading')}</h1>
        </div>
        <p className="mt-4 text-sm text-stone-600">{plainText(language, 'notFound.text')}</p>
      </Card>
    </main>
  );
}
