import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '~/client/components/admin/AdminDashboard';

/** docs/product.md §2: /admin-dashboard is the same screen as /admin (the guard is the `_staff` layout route's). */
export const Route = createFileRoute('/_staff/admin-dashboard')({
  component: () => <AdminDashboard />,
});
