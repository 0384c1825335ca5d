import { GenerateSection } from './billing/GenerateSection';
import { InvoicesSection } from './billing/InvoicesSection';
import { PlansSection } from './billing/PlansSection';

/** The Billing tab (director, ADR 100): tuition plans and children's terms, generating a period, the invoices. */
export default function BillingTab() {
  return (
    <div className="space-y-8">
      <PlansSection />
      <GenerateSection />
      <InvoicesSection />
    </div>
  );
}
