import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboard, adminSearchSchema } from '../../components/admin/AdminDashboard';
import { getStoredAdmin } from '../../lib/admin-session';

export const Route = createFileRoute('/admin/')({
  validateSearch: adminSearchSchema,
  beforeLoad: () => {
    if (!getStoredAdmin()) throw redirect({ to: '/admin/login' });
  },
  component: () => <AdminDashboard />,
});
