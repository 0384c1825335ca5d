import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo } from 'react';
import { Form } from 'react-aria-components';
import { PROGRAMS } from '~/shared/constants';
import { programText } from '../../staff-words';
import { childSchemaOn, EMPTY_CHILD } from '~/shared/schemas/children';
import { useCentreToday } from '~/client/lib/centre-today';
import { toast } from '~/client/lib/toast';
import { trpc } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { Switch } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { type Child, invalidateChildren, TRY_AGAIN } from './records';
import { staffText } from '../../staff-words';
import { tabText } from '../tab-words';

type FormValues = { [K in keyof typeof EMPTY_CHILD]: (typeof EMPTY_CHILD)[K] };

function toValues(child: Child | null): FormValues {
  if (!child) return { ...EMPTY_CHILD };
  return {
    childName: child.childName,
    dateOfBirth: child.dateOfBirth,
    program: child.program,
    startDate: child.startDate,
    parentName: child.parentName,
    parentEmail: child.parentEmail,
    parentPhone: child.parentPhone ?? '',
    isActive: child.isActive,
    notes: child.notes ?? '',
  };
}

/** Add and edit share the form and the schema of docs/product.md §5 Enrolled child form; messages appear inline. */
export function ChildFormDialog({ child, onClose }: { child: Child | null; onClose: () => void }) {
  const today = useCentreToday();
  const schema = useMemo(() => childSchemaOn(today), [today]);
  const { values, set, errors, parse, showServerErrors, formId } = useSchemaForm(schema, () => toValues(child), {
    onEdit: 'clear',
    focusInvalid: true,
  });
  const create = useMutation(trpc.children.create.mutationOptions());
  const update = useMutation(trpc.children.update.mutationOptions());
  const pending = create.isPending || update.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!parse()) return;
    const onError = (error: ServerError) => {
      showServerErrors(error);
      toast({
        title: tabText(child ? 'staff.children.updateFailed' : 'staff.children.addFailed'),
        description: TRY_AGAIN,
        variant: 'destructive',
      });
    };
    const onSuccess = (saved: Child) => {
      toast({
        title: tabText(child ? 'staff.children.updated' : 'staff.children.added'),
        description: tabText('staff.children.saved', { child: saved.childName }),
      });
      invalidateChildren();
      onClose();
    };
    if (child) update.mutate({ ...values, id: child.id }, { onSuccess, onError });
    else create.mutate(values, { onSuccess, onError });
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText(child ? 'staff.children.edit' : 'staff.children.add')}
      size="lg"
    >
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={tabText('staff.children.childName')}
            required
            value={values.childName}
            onChange={set('childName')}
            error={errors.childName}
            className="sm:col-span-2"
          />
          <TextField
            label={tabText('staff.children.dateOfBirth')}
            type="date"
            required
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
          />
          <TextField
            label={tabText('staff.children.startDateField')}
            type="date"
            required
            value={values.startDate}
            onChange={set('startDate')}
            error={errors.startDate}
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.children.program')}
            options={PROGRAMS.map((value) => ({ value, label: programText(value) }))}
            value={values.program}
            onChange={set('program')}
            error={errors.program}
            className="sm:col-span-2"
          />
          <TextField
            label={tabText('staff.children.parentName')}
            required
            value={values.parentName}
            onChange={set('parentName')}
            error={errors.parentName}
          />
          <TextField
            label={tabText('staff.children.parentEmail')}
            type="email"
            required
            value={values.parentEmail}
            onChange={set('parentEmail')}
            error={errors.parentEmail}
          />
          <TextField
            label={tabText('staff.children.parentPhone')}
            type="tel"
            value={values.parentPhone}
            onChange={set('parentPhone')}
            error={errors.parentPhone}
          />
          <Switch isSelected={values.isActive} onChange={set('isActive')} className="self-end">
            {tabText('staff.children.active')}
          </Switch>
          <TextField
            label={tabText('staff.field.notes')}
            description={staffText('staff.care.notesHint')}
            multiline
            rows={4}
            value={values.notes}
            onChange={set('notes')}
            error={errors.notes}
            className="sm:col-span-2"
          />
        </div>
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={pending}>
          {tabText(pending ? 'staff.saving' : child ? 'staff.saveChanges' : 'staff.children.add')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
