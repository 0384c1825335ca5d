import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  lazyRouteComponent,
  type NavigateOptions,
  Outlet,
  type ToOptions,
  useLocation,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { NavBar } from '../components/NavBar';
import { PHONE_ACTION_BAR_CLEARANCE, PhoneActionBar, showsPhoneActionBar } from '../components/PhoneActionBar';
import { cn } from '../components/ui/cn';
import { ToasterWhenNeeded } from '../components/ui/ToasterWhenNeeded';
import { syncPageHead } from '../lib/page-head';
import { pageHead } from '../lib/page-title';
import { languageOfPath } from '../../shared/i18n/paths';
import { hasSiteFrame, loadCatalogue, siteText } from '../../shared/i18n/registry';
import { documentLanguage } from '../lib/portal-catalogue';
import type { trpc } from '../lib/trpc';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

declare module 'react-aria-components' {
  interface RouterConfig {
    href: ToOptions['to'] | (string & {});
    routerOptions: Omit<NavigateOptions, keyof ToOptions>;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: pageHead(),
  // A `/es` page's words are a chunk of their own (shared/i18n/registry.ts), here before it is rendered.
  beforeLoad: ({ location }) => {
    const language = languageOfPath(location.pathname);
    return language === 'en' ? undefined : loadCatalogue('site', language);
  },
  component: RootLayout,
  // Its own chunk, with the site's footer: the server sends an unknown address as a document of its own (ADR 072), so
  // the app draws it only when a link inside the app leads nowhere; the dashboards' first load leaves it out (ADR 108).
  notFoundComponent: lazyRouteComponent(() => import('../components/NotFound'), 'NotFound'),
});

function RootLayout() {
  const router = useRouter();
  const { pathname } = useLocation();
  const actionBar = showsPhoneActionBar(pathname);
  // React has the page (a server-rendered one is hydrated): before this it is only what the server rendered. Browser
  // tests wait for it after each page load (tests/e2e/fixtures.ts); each document page's own script sets it too
  // (ADR 016, ADR 018). The milestones' Apply button hides on it (a choice then applies at once).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    // React Aria links and buttons navigate through TanStack Router (no full page loads); absolute URLs
    // (tel:, mailto:, https:) are left as they are.
    <AriaRouterProvider
      navigate={(to, options) => router.navigate({ to: to as string, ...options })}
      useHref={(to) => (/^[a-z][a-z0-9+.-]*:/i.test(String(to)) ? String(to) : router.buildLocation({ to: to as string }).href)}
    >
      <DocumentHead />
      <PageChangeIndicator />
      <NavBar />
      <div id="main" tabIndex={-1} className={cn('outline-none', actionBar && PHONE_ACTION_BAR_CLEARANCE)}>
        <Outlet />
      </div>
      {actionBar && <PhoneActionBar />}
      <ToasterWhenNeeded />
    </AriaRouterProvider>
  );
}

/** How long a page change may take before it says so: a fast one shows nothing. */
const PAGE_CHANGE_NOTICE_MS = 300;

/**
 * A page change that takes a moment (its code or data still coming, on a slow phone) shows a bar along the top
 * and says so to screen readers, instead of leaving the old page on screen with no sign for 2-3 s, which a
 * parent takes for a missed tap. Never rendered on the server or while React hydrates its page.
 */
function PageChangeIndicator() {
  const pending = useRouterState({ select: (s) => s.status === 'pending' });
  // The page's language, or the portal's (its <html lang>, ADR 047): never rendered on the server.
  const wanted = languageOfPath(useLocation({ select: (l) => l.pathname })) === 'es' || documentLanguage() === 'es' ? 'es' : 'en';
  const language = hasSiteFrame(wanted) ? wanted : 'en';
  const [shown, setShown] = useState(false);
  // Shown once the change has taken PAGE_CHANGE_NOTICE_MS; hidden, and the wait started afresh, when it ends.
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setShown(true), PAGE_CHANGE_NOTICE_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [pending]);
  if (!pending || !shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={siteText(language, 'nav.loadingPage')}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
    />
  );
}

/**
 * Keeps the tab's title that of the page shown (the deepest route's `head`), and the rest of the head the
 * server wrote for the first page (lib/page-head.ts). Not <HeadContent />: the server writes the first page's
 * head into the HTML itself (server/pages/seo.ts), and a <title> rendered inside the app would be part of the
 * server-rendered markup React has to hydrate.
 */
function DocumentHead() {
  const path = useLocation({ select: (l) => l.pathname });
  useEffect(() => syncPageHead(path), [path]);
  const title = useRouterState({
    select: (s) => {
      for (const match of [...s.matches].reverse()) {
        const found = match.meta?.find((m) => m && 'title' in m && m.title)?.title;
        if (found) return found;
      }
      return undefined;
    },
  });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
