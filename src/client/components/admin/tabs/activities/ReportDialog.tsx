import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { centreDateOf, weekOf } from '~/shared/centre-time';
import { weeklyReportSchema } from '~/shared/schemas/development';
import { toast } from '~/client/lib/toast';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { tabText } from '../tab-words';

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
          toast({
            title: tabText('staff.report.failed'),
            description: result.emailError ?? tabText(result.notice.id, result.notice.values),
            variant: 'destructive',
          });
          return;
        }
        toast({ title: tabText('staff.report.sent'), description: tabText(result.notice.id, result.notice.values) });
        onClose();
      },
      onError: (e) => {
        // A date the server refuses (end before start) is shown at its field; anything else as a toast.
        if (!form.showServerErrors(e as ServerError))
          toast({ title: tabText('staff.report.failed'), description: errorMessage(e, tabText('staff.tryAgain')), variant: 'destructive' });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const { weekStartDate, weekEndDate } = form.values;
    if (!weekStartDate || !weekEndDate) {
      // docs/product.md §8 names this one a toast.
      toast({ title: tabText('staff.report.missingDates'), description: tabText('staff.report.missingDatesText'), variant: 'destructive' });
      return;
    }
    const data = form.parse();
    if (data) send.mutate(data);
  }
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.activities.sendReport')}
      description={tabText('staff.report.description', { child: childName })}
    >
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={tabText('staff.report.weekStart')}
          type="date"
          value={form.values.weekStartDate}
          onChange={form.set('weekStartDate')}
          error={form.errors.weekStartDate}
        />
        <TextField
          label={tabText('staff.report.weekEnd')}
          type="date"
          value={form.values.weekEndDate}
          onChange={form.set('weekEndDate')}
          error={form.errors.weekEndDate}
        />
        <DialogActions cancelLabel={tabText('staff.cancel')} className="sm:col-span-2" onCancel={onClose} isDisabled={send.isPending}>
          {send.isPending ? tabText('staff.sending') : tabText('staff.report.send')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
