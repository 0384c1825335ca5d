import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboard } from '../../components/admin/AdminDashboard';
import { adminSearch } from '../../components/admin/admin-tabs';
import { getStoredAdmin } from '../../lib/admin-session';
import { pageHead } from '../../lib/page-title';

export const Route = createFileRoute('/admin/')({
  head: pageHead('Admin Dashboard'),
  validateSearch: adminSearch,
  beforeLoad: ({ search }) => {
    if (!getStoredAdmin()) throw redirect({ to: '/admin/login', search: search.tab ? { redirect: search.tab } : {} });
  },
  component: () => <AdminDashboard />,
});
