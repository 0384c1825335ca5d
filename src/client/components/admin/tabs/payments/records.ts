import { queryClient, trpc } from '~/client/lib/trpc';

/** Refreshes the receipts, the summary and the outbox after a write. */
export function invalidatePayments() {
  void queryClient.invalidateQueries(trpc.payments.pathFilter());
  void queryClient.invalidateQueries(trpc.outbox.pathFilter());
}
