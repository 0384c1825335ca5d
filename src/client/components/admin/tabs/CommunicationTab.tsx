import { lazy } from 'react';
import { loadPortalCatalogue } from '~/client/lib/portal-catalogue';

/**
 * The shared Communication Center speaks the portal's words, which the dashboard does not load (ADR 089: only the
 * parent's first view carries them): its code comes with the English portal catalogue.
 */
const StaffCommunicationCenter = lazy(() =>
  Promise.all([
    import('../../communication/CommunicationCenter'),
    import('../../communication/RequestDocumentDialog'),
    loadPortalCatalogue('en'),
  ]).then(([m, request]) => ({
    default: function StaffCenter() {
      return <m.CommunicationCenter userType="admin" requestDialog={request.default} />;
    },
  })),
);

/** Communication tab of the admin dashboard: the shared Communication Center as staff see it (docs/product.md §2). */
export default function CommunicationTab() {
  return <StaffCommunicationCenter />;
}
