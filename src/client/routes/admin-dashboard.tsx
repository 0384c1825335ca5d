import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboard } from '../components/admin/AdminDashboard';
import { adminSearch } from '../components/admin/admin-tabs';
import { getStoredAdmin } from '../lib/admin-session';
import { pageHead } from '../lib/page-title';

/** SPEC.md §2: /admin-dashboard is the same screen as /admin. */
export const Route = createFileRoute('/admin-dashboard')({
  head: pageHead('Admin Dashboard'),
  validateSearch: adminSearch,
  beforeLoad: ({ search }) => {
    if (!getStoredAdmin()) throw redirect({ to: '/admin/login', search: search.tab ? { redirect: search.tab } : {} });
  },
  component: () => <AdminDashboard />,
});
