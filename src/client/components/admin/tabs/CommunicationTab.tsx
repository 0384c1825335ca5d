import { CommunicationCenter } from '../../communication/CommunicationCenter';

/** Communication tab of the admin dashboard: the shared Communication Center as staff see it (docs/product.md §2). */
export default function CommunicationTab() {
  return <CommunicationCenter userType="admin" />;
}
