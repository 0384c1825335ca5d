import { AgingReport } from './billing/AgingReport';
import { BillingSummary } from './billing/BillingSummary';
import { LateFeeProposals } from './billing/LateFeeProposals';
import { PanelHeader } from '../PanelHeader';
import { tabText } from './tab-words';

/** Billing tab (director only, ADR 101): what was billed and collected, what families owe, late-pickup fees. */
export default function BillingTab() {
  return (
    <section aria-labelledby="billing-heading" className="flex flex-col gap-4">
      <PanelHeader id="billing-heading" title={tabText('staff.tab.billing')} description={tabText('staff.billing.description')} />
      <BillingSummary />
      <AgingReport />
      <LateFeeProposals />
    </section>
  );
}
