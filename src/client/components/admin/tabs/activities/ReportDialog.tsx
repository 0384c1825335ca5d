import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { centreDateOf, weekOf } from '~/shared/centre-time';
import { MISSING_DATES, weeklyReportSchema } from '~/shared/schemas/development';
import { toast } from '~/client/lib/toast';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';

/** E-mails a week of the child's records to the parents. */
export function ReportDialog({ childId, childName, onClose }: { childId: string; childName: string; onClose: () => void }) {
  const form = useSchemaForm(
    weeklyReportSchema,
    () => {
      const week = weekOf(centreDateOf(new Date()));
      return { childId, weekStartDate: week.start, weekEndDate: week.end };
    },
    { onEdit: 'clear', focusInvalid: true },
  );
  const send = useMutation(
    trpc.development.sendWeeklyReport.mutationOptions({
      onSuccess: (result) => {
        if (!result.emailSent) {
          toast({ title: 'Failed to send activity report', description: result.emailError ?? result.message, variant: 'destructive' });
          return;
        }
        toast({ title: 'Weekly Report Sent', description: result.message });
        onClose();
      },
      onError: (e) => {
        // A date the server refuses (end before start) is shown at its field; anything else as a toast.
        if (!form.showServerErrors(e as ServerError))
          toast({ title: 'Failed to send activity report', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const { weekStartDate, weekEndDate } = form.values;
    if (!weekStartDate || !weekEndDate) {
      // docs/product.md §8 names this one a toast.
      toast({ title: 'Missing Dates', description: MISSING_DATES.replace('Missing Dates: ', ''), variant: 'destructive' });
      return;
    }
    const data = form.parse();
    if (data) send.mutate(data);
  }
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Send Weekly Report"
      description={`E-mails ${childName}'s activities, notes (never private ones) and skills to the parents.`}
    >
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Week start"
          type="date"
          value={form.values.weekStartDate}
          onChange={form.set('weekStartDate')}
          error={form.errors.weekStartDate}
        />
        <TextField
          label="Week end"
          type="date"
          value={form.values.weekEndDate}
          onChange={form.set('weekEndDate')}
          error={form.errors.weekEndDate}
        />
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Report'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
