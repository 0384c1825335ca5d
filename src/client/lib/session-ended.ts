import type { RegisteredRouter } from '@tanstack/react-router';
import { parentDashboardSearch } from '~/shared/parent-dashboard-search';
import { adminSearch } from '../components/admin/admin-tabs';
import { clearStoredAdmin } from './admin-session';
import { forgetOfflineCopies } from './offline';
import { clearParentSession } from './parent-session';
import { parentSignInPath } from './portal-catalogue';
import { onSessionEnded, queryClient } from './trpc';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set on the way to /admin/login when a staff session ended: the page says so. */
    sessionEnded?: boolean;
  }
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended, please sign in again.';

/** Set while the page is on its way out: a refusal then is expected, not news to tell the person. */
let leaving = false;

/**
 * The person chose Sign Out: the calls refused from now on (one already on its way, or a refetch of what was on
 * screen) are the sign-out's doing, and must not send them to the sign-in page as if their session had ended.
 */
/** Whether the person chose to sign out just now (signingOut). */
export function isSigningOut(): boolean {
  return leaving;
}

/** Whether the page is on its way to a sign-in page (or signing out): a navigation now would go from there. */
export function leavingForSignIn(): boolean {
  return leaving;
}

export function signingOut(): () => void {
  leaving = true;
  // For a sign-out that stays in the app (staff go to the home page): once there, a refusal is news again.
  return () => {
    leaving = false;
  };
}

/**
 * The parent sign-in to go to when the portal's session ended or is of the wrong kind (a staff cookie): it says
 * so, and carries the tab that was open, to land on again after signing in, as staff do (ADR 057). The
 * tab is the address's (the router's own state may not have caught up with a tab just chosen), a known one only.
 */
export function parentSignInAfterSessionEnded(): string {
  const tab = parentDashboardSearch(Object.fromEntries(new URLSearchParams(window.location.search))).tab;
  return `${parentSignInPath()}?notice=session-ended${tab ? `&redirect=${tab}` : ''}`;
}

/**
 * When any call answers 401 (a session expired or was ended on another device, or a parent account was
 * closed): forget the stored record and every cached answer, so nothing private stays on screen, and go to
 * the sign-in page of the area the person is in, which says why. Staff return to the tab that was open after
 * signing in. On the public pages there is nothing to sign out of. Registered once, in main.tsx.
 */
export function signOutWhenSessionEnds(router: RegisteredRouter): () => void {
  const go = (navigation: Promise<void>) => {
    leaving = true;
    void navigation.finally(() => {
      leaving = false;
    });
  };
  return onSessionEnded(() => {
    // The latest location asked for, not only the one shown: a tab chosen just before the refusal is still the tab.
    const { pathname, search } = router.latestLocation;
    // One batch may hold several refused calls; the sign-in pages themselves make no signed-in calls.
    if (leaving) return;
    if (pathname.startsWith('/parent-')) {
      if (pathname !== '/parent-dashboard') return;
      clearParentSession();
      queryClient.clear();
      void forgetOfflineCopies();
      // The sign-in is a document of its own (ADR 037): a full page load, in place of this page in the history.
      leaving = true;
      // In the portal's language (the one it last showed, else its <html lang>, ADR 047/054): /es/parent-login for
      // a parent who reads Spanish, also when the page was reloaded after the session expired (an English shell).
      window.location.replace(parentSignInAfterSessionEnded());
      return;
    }
    const onDashboard = pathname === '/admin' || pathname === '/admin/' || pathname === '/admin-dashboard';
    if (!onDashboard) return;
    clearStoredAdmin();
    queryClient.clear();
    const tab = adminSearch(search as Record<string, unknown>).tab;
    go(router.navigate({ to: '/admin/login', search: tab ? { redirect: tab } : {}, state: { sessionEnded: true }, replace: true }));
  });
}
