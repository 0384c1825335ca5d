import type { RegisteredRouter } from '@tanstack/react-router';
import { adminSearch } from '../components/admin/admin-tabs';
import { clearStoredAdmin } from './admin-session';
import { onSessionEnded, queryClient } from './trpc';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set on the way to /admin/login when a staff session ended: the page says so. */
    sessionEnded?: boolean;
  }
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended, please sign in again.';

/**
 * When any call answers 401 (the staff session expired or was ended on another device): forget the admin
 * record and every cached answer, so nothing of the dashboard stays on screen, and go to the login page,
 * which says why and, after signing in, returns to the tab that was open. Registered once, in main.tsx.
 */
export function signOutWhenSessionEnds(router: RegisteredRouter): () => void {
  let leaving = false;
  return onSessionEnded(() => {
    clearStoredAdmin();
    queryClient.clear();
    const { pathname, search } = router.state.location;
    // One batch may hold several refused calls; the login page itself makes no staff calls.
    if (leaving || pathname === '/admin/login') return;
    leaving = true;
    const onDashboard = pathname === '/admin' || pathname === '/admin/' || pathname === '/admin-dashboard';
    const tab = onDashboard ? adminSearch(search as Record<string, unknown>).tab : undefined;
    void router
      .navigate({ to: '/admin/login', search: tab ? { redirect: tab } : {}, state: { sessionEnded: true }, replace: true })
      .finally(() => {
        leaving = false;
      });
  });
}
