import { useLocation, useRouter } from '@tanstack/react-router';
import { siteText } from '~/shared/i18n/registry';
import { languageOfPath } from '~/shared/i18n/paths';
import { LoadFailed } from '../ui/LoadFailed';

/**
 * What `/events` and `/es/events` show while loading and when loading failed. Their routes keep these in the main
 * script (TanStack Router splits off only the page itself), so they stay apart from EventsPage and its calendar,
 * and use the plain catalogue lookup, not FormatJS.
 */
function usePlainT() {
  const language = languageOfPath(useLocation({ select: (l) => l.pathname }));
  return (key: 'events.title' | 'events.loadFailed' | 'events.loading') => siteText(language, key);
}

/** The loader failed: say so, and load again on request (invalidate re-runs the loader and clears the error). */
export function EventsLoadFailed() {
  const router = useRouter();
  const t = usePlainT();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{t('events.title')}</h1>
      <LoadFailed className="mt-6" message={t('events.loadFailed')} onRetry={() => void router.invalidate()} />
    </main>
  );
}

/** What shows while the events load within the app. */
export function EventsPending() {
  const t = usePlainT();
  return <p className="mx-auto max-w-6xl px-4 py-10 text-stone-600">{t('events.loading')}</p>;
}
