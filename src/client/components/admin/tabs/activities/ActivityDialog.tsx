import { Form } from 'react-aria-components';
import { centreDateOf } from '~/shared/centre-time';
import { ACTIVITY_CATEGORIES, PARTICIPATION_LEVELS } from '~/shared/constants';
import { activityFields } from '~/shared/schemas/development';
import { trpc } from '~/client/lib/trpc';
import { useSchemaForm } from '~/client/lib/use-schema-form';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { useSaveDialog } from '../../useSaveDialog';
import { type ActivityRow, NONE, options, refresh } from './records';
import { tabText } from '../tab-words';

/** Adds a daily activity (`row` null) or edits one. */
export function ActivityDialog({ childId, row, onClose }: { childId: string; row: ActivityRow | null; onClose: () => void }) {
  const form = useSchemaForm(activityFields, {
    activityDate: row?.activityDate ?? centreDateOf(new Date()),
    category: row?.category ?? 'learning',
    title: row?.title ?? '',
    description: row?.description ?? '',
    duration: row?.duration != null ? String(row.duration) : '',
    skillsPracticed: row?.skillsPracticed.join(', ') ?? '',
    enjoymentLevel: row?.enjoymentLevel != null ? String(row.enjoymentLevel) : '',
    participationLevel: row?.participationLevel ?? '',
    notes: row?.notes ?? '',
  } as Record<string, string>);
  const { submit, isPending } = useSaveDialog({
    form,
    editing: row !== null,
    create: {
      mutation: trpc.development.createActivity.mutationOptions(),
      input: (data) => ({ ...data, childId }),
      success: () => ({ title: tabText('staff.activity.added') }),
      failure: tabText('staff.activity.createFailed'),
    },
    update: {
      mutation: trpc.development.updateActivity.mutationOptions(),
      input: (data) => ({ ...data, id: row!.id }),
      success: () => ({ title: tabText('staff.activity.updated') }),
      failure: tabText('staff.activity.updateFailed'),
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={row ? tabText('staff.activity.edit') : tabText('staff.activities.addActivity')}
      size="lg"
    >
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={tabText('staff.field.date')}
          type="date"
          value={v.activityDate}
          onChange={form.set('activityDate')}
          error={form.errors.activityDate}
          required
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.field.category')}
          options={options(ACTIVITY_CATEGORIES)}
          value={v.category!}
          onChange={form.set('category')}
          error={form.errors.category}
          required
        />
        <TextField
          className="sm:col-span-2"
          label={tabText('staff.field.title')}
          value={v.title}
          onChange={form.set('title')}
          error={form.errors.title}
          required
        />
        <TextField
          className="sm:col-span-2"
          label={tabText('staff.field.description')}
          multiline
          value={v.description}
          onChange={form.set('description')}
          error={form.errors.description}
          required
        />
        <TextField
          label={tabText('staff.activity.duration')}
          inputMode="numeric"
          value={v.duration}
          onChange={form.set('duration')}
          error={form.errors.duration}
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.activity.enjoyment')}
          options={[NONE, ...['1', '2', '3', '4', '5'].map((n) => ({ value: n, label: `${n}/5` }))]}
          value={v.enjoymentLevel!}
          onChange={form.set('enjoymentLevel')}
          error={form.errors.enjoymentLevel}
        />
        <TextField
          className="sm:col-span-2"
          label={tabText('staff.activity.skills')}
          description={tabText('staff.activity.skillsHint')}
          value={v.skillsPracticed}
          onChange={form.set('skillsPracticed')}
          error={form.errors.skillsPracticed}
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.activity.participation')}
          options={[NONE, ...options(PARTICIPATION_LEVELS)]}
          value={v.participationLevel!}
          onChange={form.set('participationLevel')}
          error={form.errors.participationLevel}
        />
        <TextField label={tabText('staff.field.notes')} value={v.notes} onChange={form.set('notes')} error={form.errors.notes} />
        <DialogActions cancelLabel={tabText('staff.cancel')} className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {row ? tabText('staff.saveChanges') : tabText('staff.activity.add')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
