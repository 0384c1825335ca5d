import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { adminSearch } from '~/client/components/admin/admin-tabs';
import { getStoredAdmin } from '~/client/lib/admin-session';
import { pageHead } from '~/client/lib/page-title';

/**
 * The staff dashboard's two addresses (/admin and /admin-dashboard, docs/product.md §2) share this pathless layout route:
 * one guard sends a visitor without a stored staff session to the sign-in page, with the tab they asked for.
 */
export const Route = createFileRoute('/_staff')({
  head: pageHead('Admin Dashboard'),
  validateSearch: adminSearch,
  beforeLoad: ({ search }) => {
    if (!getStoredAdmin()) throw redirect({ to: '/admin/login', search: search.tab ? { redirect: search.tab } : {} });
  },
  component: Outlet,
});
