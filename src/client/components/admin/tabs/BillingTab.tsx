import { AgingReport } from './billing/AgingReport';
import { BillingSummary } from './billing/BillingSummary';
import { GenerateSection } from './billing/GenerateSection';
import { InvoicesSection } from './billing/InvoicesSection';
import { LateFeeProposals } from './billing/LateFeeProposals';
import { PlansSection } from './billing/PlansSection';
import { PanelHeader } from '../PanelHeader';
import { tabText } from './tab-words';

/**
 * The Billing tab (director only): what was billed and collected, what families owe and the late-pickup fees
 * (ADR 101), then tuition plans and children's terms, generating a period and the invoices (ADR 100).
 */
export default function BillingTab() {
  return (
    <section aria-labelledby="billing-heading" className="flex flex-col gap-8">
      <PanelHeader id="billing-heading" title={tabText('staff.tab.billing')} description={tabText('staff.billing.description')} />
      <BillingSummary />
      <AgingReport />
      <LateFeeProposals />
      <PlansSection />
      <GenerateSection />
      <InvoicesSection />
    </section>
  );
}
