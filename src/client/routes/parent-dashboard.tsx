import { createFileRoute, redirect } from '@tanstack/react-router';
import { parentDashboardSearch } from '../../shared/parent-dashboard-search';
import { OfflinePortal } from '../components/parent/OfflineBanner';
import { ParentDashboard } from '../components/parent/ParentDashboard';
import { dashboardQuery, signedInParentQuery } from '../components/parent/queries';
import { publicPageHead } from '../lib/page-title';
import { sendPendingSignOut } from '../lib/offline';
import { clearParentSession, getParentToken } from '../lib/parent-session';
import { documentLanguage, parentSignInPath } from '../lib/portal-catalogue';
import { loadCatalogue } from '../../shared/i18n/registry';

export const Route = createFileRoute('/parent-dashboard')({
  head: publicPageHead('/parent-dashboard'),
  // ?child= and ?tab=: the child shown and the tab open, so a reload finds the parent where they were.
  validateSearch: parentDashboardSearch,
  // docs/product.md §2: without a stored parent token, the sign-in page. A page the server rendered for a signed-in parent
  // (by the session cookie) carries the parent in its state: that is signed in too, on the server and as it hydrates.
  // The sign-in is in the language the portal last showed in this browser (ADR 054).
  // The tab asked for goes with it (?redirect=), to land on after signing in.
  // A sign-out the phone could not send (ADR 067) is sent before anything else, when the worker did not answer
  // this load: the page is then signed out, whatever the answer.
  beforeLoad: async ({ context, search }) => {
    if (await sendPendingSignOut()) {
      clearParentSession();
      context.queryClient.clear();
      throw redirect({ href: parentSignInPath(), reloadDocument: true });
    }
    if (!getParentToken() && !context.queryClient.getQueryData(signedInParentQuery().queryKey))
      throw redirect({ href: parentSignInPath() + (search.tab ? `?redirect=${search.tab}` : ''), reloadDocument: true });
  },
  loaderDeps: ({ search }) => ({ child: search.child ?? null }),
  // Starts the dashboard's one request while the page's code loads; a failure is the component's to show. A
  // dashboard the server rendered with a child select is hydrated once the select's code is here, and one opened
  // at a tab other than Today once that tab's code is (components/parent/tabs.tsx): what shows works at once. The
  // first view's words are a chunk of their own in each language (ADR 108): a server-rendered page has them already
  // (main.tsx), one the browser renders loads them here.
  loader: async ({ context, deps, location }) => {
    void context.queryClient.prefetchQuery(dashboardQuery(deps.child));
    const rendered = context.queryClient.getQueryData(dashboardQuery(deps.child).queryKey);
    const tab = parentDashboardSearch(location.search).tab;
    const dashboard = import('../components/parent/ParentDashboard');
    await Promise.all([
      loadCatalogue('portalToday', documentLanguage()),
      rendered && rendered.children.length > 1 && dashboard.then((m) => m.loadChildSelect()),
      tab && dashboard.then((m) => m.loadTab(tab)),
    ]);
  },
  // Offline, the cached dashboard with its banner, and nothing sent (ADR 051).
  component: () => (
    <OfflinePortal>
      <ParentDashboard />
    </OfflinePortal>
  ),
});
