import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { EnrollmentPage, type EnrollmentView } from './components/enrollment/EnrollmentPage';
import { NavBar } from './components/NavBar';
import { ParentLoginPage, type ParentLoginView } from './components/parent-login/ParentLoginPage';
import { PHONE_ACTION_BAR_CLEARANCE, PhoneActionBar, showsPhoneActionBar } from './components/PhoneActionBar';
import { cn } from './components/ui/cn';

/**
 * The two form pages the server renders as documents (ADR 037): /enrollment and /parent-login, and their Spanish twins. Rendered per request
 * (a refused form shows what was typed and the messages), by React on the server only; the browser gets the
 * page's own small script (client/pages/), never the app. The site's frame (navigation bar, phone action bar)
 * is the app's own components, under a router of one route so that their links render as the app renders them.
 */
async function renderFormPage(
  path: '/enrollment' | '/es/enrollment' | '/parent-login' | '/es/parent-login',
  page: ReactNode,
): Promise<string> {
  const actionBar = showsPhoneActionBar(path);
  const root = createRootRoute({
    component: () => (
      <>
        <NavBar />
        <div id="main" tabIndex={-1} className={cn('outline-none', actionBar && PHONE_ACTION_BAR_CLEARANCE)}>
          <Outlet />
        </div>
        {actionBar && <PhoneActionBar />}
      </>
    ),
  });
  const routeTree = root.addChildren([createRoute({ getParentRoute: () => root, path, component: () => page })]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

export const renderEnrollmentPage = (view: EnrollmentView) =>
  renderFormPage(view.language === 'es' ? '/es/enrollment' : '/enrollment', <EnrollmentPage view={view} />);
export const renderParentLoginPage = (view: ParentLoginView) =>
  renderFormPage(view.language === 'es' ? '/es/parent-login' : '/parent-login', <ParentLoginPage view={view} />);
export type { EnrollmentView, ParentLoginView };
