import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo } from 'react';
import { Form } from 'react-aria-components';
import { DOCUMENT_TYPES } from '~/shared/constants';
import { documentRequestSchemaOn } from '~/shared/schemas/communication';
import { usePortalIntl } from '../../i18n';
import { useCentreToday } from '../../lib/centre-today';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { tabText } from '../admin/tabs/tab-words';
import { Checkbox } from '../ui/Checkbox';
import { Dialog, DialogActions } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { Select } from '../ui/Select';
import { refreshCommunications } from './CommunicationCenter';
import { type ChildOption, childLabel } from './CommunicationDialogs';

/**
 * Staff: ask a family for a document. Choosing a child fills the parent. A staff screen's words (the staff tabs'
 * catalogue): the staff Communication tab hands it to the shared Communication Center, so the portal never loads it.
 */
export default function RequestDocumentDialog({ childOptions, onClose }: { childOptions: ChildOption[]; onClose: () => void }) {
  const intl = usePortalIntl();
  const cancelLabel = tabText('staff.cancel');
  const today = useCentreToday();
  const { values, set, errors, parse, showServerErrors, formId } = useSchemaForm(
    useMemo(() => documentRequestSchemaOn(today), [today]),
    () => ({ childId: '', documentType: 'other', title: '', description: '', dueDate: '', isUrgent: false }),
    { onEdit: 'revalidate', focusInvalid: true },
  );
  const create = useMutation(trpc.communications.requestDocument.mutationOptions());
  const chosen = childOptions.find((c) => c.id === values.childId);

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (!data) return;
    create.mutate(data, {
      onSuccess: () => {
        toast({ title: tabText('staff.docRequest.sent') });
        refreshCommunications();
        onClose();
      },
      onError: (error) => {
        showServerErrors(error);
        toast({
          title: tabText('staff.docRequest.failed'),
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
      title={tabText('staff.docRequest.title')}
      description={tabText('staff.docRequest.description')}
      size="lg"
    >
      <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <Select
          label={tabText('staff.docRequest.child')}
          options={childOptions.map((c) => ({ value: c.id, label: childLabel(intl, c) }))}
          value={values.childId}
          onChange={set('childId')}
          error={errors.childId}
          required
          placeholder={tabText('staff.docRequest.selectChild')}
        />
        <p className="text-sm text-stone-700" aria-live="polite">
          {tabText('staff.docRequest.parent', {
            parent: chosen
              ? tabText('staff.docRequest.parentOf', { name: chosen.parentName ?? '', email: chosen.parentEmail ?? '' })
              : tabText('staff.docRequest.chooseFirst'),
          })}
        </p>
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.docRequest.type')}
          options={DOCUMENT_TYPES.map((value) => ({ value, label: intl.t(`portal.documentType.${value}`) }))}
          value={values.documentType}
          onChange={set('documentType')}
          error={errors.documentType}
        />
        <TextField
          label={tabText('staff.docRequest.titleField')}
          value={values.title}
          onChange={set('title')}
          error={errors.title}
          required
        />
        <TextField
          label={tabText('staff.docRequest.descriptionField')}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          required
          multiline
          rows={4}
        />
        <TextField
          label={tabText('staff.docRequest.due')}
          type="date"
          value={values.dueDate ?? ''}
          onChange={set('dueDate')}
          error={errors.dueDate}
          description={tabText('staff.optional')}
        />
        <Checkbox isSelected={values.isUrgent} onChange={set('isUrgent')}>
          {tabText('staff.docRequest.urgent')}
        </Checkbox>
        <DialogActions onCancel={onClose} isDisabled={create.isPending} cancelLabel={cancelLabel}>
          {create.isPending ? tabText('staff.sending') : tabText('staff.docRequest.send')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
