import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboard } from '../../components/admin/AdminDashboard';
import { adminSearch } from '../../components/admin/admin-tabs';
import { getStoredAdmin } from '../../lib/admin-session';

export const Route = createFileRoute('/admin/')({
  validateSearch: adminSearch,
  beforeLoad: () => {
    if (!getStoredAdmin()) throw redirect({ to: '/admin/login' });
  },
  component: () => <AdminDashboard />,
});
