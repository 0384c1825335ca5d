import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { formatAmount } from '~/shared/money';
import {
  EMPTY_RECEIPT,
  PAYMENT_METHOD_CHOICES,
  PAYMENT_TYPE_CHOICES,
  receiptSchema,
  takesCheckNumber,
  takesTransactionId,
} from '~/shared/schemas/payments';
import { centreDateOf } from '~/shared/centre-time';
import { toast } from '~/client/lib/toast';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { invalidatePayments } from './records';
import { tabText } from '../tab-words';

/** The new receipt form (docs/product.md §5 Receipt form): the shared schema checks it here and on the server. */
export function ReceiptFormDialog({ onClose }: { onClose: () => void }) {
  const children = useQuery({ ...trpc.children.list.queryOptions(), staleTime: 0 });
  const { values, set, errors, parse, showServerErrors, formId } = useSchemaForm(
    receiptSchema,
    () => ({ ...EMPTY_RECEIPT, paymentDate: centreDateOf(new Date()) }),
    {
      onEdit: 'clear',
      focusInvalid: true,
    },
  );
  const create = useMutation(trpc.payments.create.mutationOptions());
  const childOptions = (children.data ?? []).map((c) => ({
    value: c.id,
    label: c.isActive ? c.childName : tabText('staff.receipt.inactive', { name: c.childName }),
  }));

  function chooseChild(id: string) {
    set('childId')(id);
    const child = children.data?.find((c) => c.id === id);
    if (child) {
      set('parentName')(child.parentName);
      set('parentEmail')(child.parentEmail);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!parse()) return;
    create.mutate(values, {
      onSuccess: (saved) => {
        toast({
          title: tabText('staff.receipt.created'),
          description: tabText('staff.receipt.createdText', { number: String(saved.receiptNumber), amount: formatAmount(saved.amount) }),
        });
        invalidatePayments();
        onClose();
      },
      onError: (error: ServerError & { message?: string }) => {
        showServerErrors(error);
        toast({
          title: tabText('staff.receipt.createFailed'),
          description: errorMessage(error, tabText('staff.tryAgain')),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.receipt.title')}
      size="lg"
    >
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            label={tabText('staff.field.child')}
            required
            options={childOptions}
            value={values.childId}
            onChange={chooseChild}
            error={errors.childId}
            placeholder={tabText(
              children.isPending ? 'staff.receipt.loading' : childOptions.length ? 'staff.receipt.selectChild' : 'staff.receipt.noChildren',
            )}
            // As the statement's parent select: a select with no options yet does not open, so a click while
            // the list loads did nothing (a test that opened it at once waited in vain).
            isDisabled={children.isPending}
            className="sm:col-span-2"
          />
          <TextField
            label={tabText('staff.receipt.parentName')}
            required
            value={values.parentName}
            onChange={set('parentName')}
            error={errors.parentName}
          />
          <TextField
            label={tabText('staff.receipt.parentEmail')}
            type="email"
            required
            value={values.parentEmail}
            onChange={set('parentEmail')}
            error={errors.parentEmail}
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.receipt.paymentType')}
            options={PAYMENT_TYPE_CHOICES}
            value={values.paymentType}
            onChange={set('paymentType')}
            error={errors.paymentType}
          />
          <TextField
            label={tabText('staff.receipt.amount')}
            required
            inputMode="decimal"
            placeholder="0.00"
            description={tabText('staff.receipt.amountHint')}
            value={values.amount}
            onChange={set('amount')}
            error={errors.amount}
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.receipt.paymentMethod')}
            options={PAYMENT_METHOD_CHOICES}
            value={values.paymentMethod}
            onChange={set('paymentMethod')}
            error={errors.paymentMethod}
          />
          <TextField
            label={tabText('staff.receipt.paymentDate')}
            type="date"
            required
            value={values.paymentDate}
            onChange={set('paymentDate')}
            error={errors.paymentDate}
          />
          {takesCheckNumber(values.paymentMethod) && (
            <TextField
              label={tabText('staff.receipt.checkNumber')}
              value={values.checkNumber}
              onChange={set('checkNumber')}
              error={errors.checkNumber}
            />
          )}
          {takesTransactionId(values.paymentMethod) && (
            <TextField
              label={tabText('staff.field.transactionId')}
              value={values.transactionId}
              onChange={set('transactionId')}
              error={errors.transactionId}
            />
          )}
          <TextField
            label={tabText('staff.receipt.period')}
            placeholder={tabText('staff.receipt.periodExample')}
            value={values.periodCovered}
            onChange={set('periodCovered')}
            error={errors.periodCovered}
          />
          <TextField
            label={tabText('staff.field.description')}
            multiline
            rows={2}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
            className="sm:col-span-2"
          />
          <TextField
            label={tabText('staff.receipt.internalNotes')}
            description={tabText('staff.receipt.internalNotesHint')}
            multiline
            rows={2}
            value={values.notes}
            onChange={set('notes')}
            error={errors.notes}
            className="sm:col-span-2"
          />
        </div>
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={create.isPending}>
          {create.isPending ? tabText('staff.creating') : tabText('staff.receipt.create')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
