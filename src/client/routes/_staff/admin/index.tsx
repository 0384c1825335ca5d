import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboard } from '~/client/components/admin/AdminDashboard';

/** The staff dashboard; the guard and the tab in the address are the `_staff` layout route's. */
export const Route = createFileRoute('/_staff/admin/')({
  component: () => <AdminDashboard />,
});
