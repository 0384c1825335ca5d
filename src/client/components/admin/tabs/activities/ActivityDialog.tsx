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
      success: () => ({ title: 'Activity added' }),
      failure: 'Failed to create activity',
    },
    update: {
      mutation: trpc.development.updateActivity.mutationOptions(),
      input: (data) => ({ ...data, id: row!.id }),
      success: () => ({ title: 'Activity updated' }),
      failure: 'Failed to update activity',
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={row ? 'Edit Daily Activity' : 'Add Daily Activity'} size="lg">
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date"
          type="date"
          value={v.activityDate}
          onChange={form.set('activityDate')}
          error={form.errors.activityDate}
          required
        />
        <Select
          label="Category"
          options={options(ACTIVITY_CATEGORIES)}
          value={v.category!}
          onChange={form.set('category')}
          error={form.errors.category}
          required
        />
        <TextField
          className="sm:col-span-2"
          label="Title"
          value={v.title}
          onChange={form.set('title')}
          error={form.errors.title}
          required
        />
        <TextField
          className="sm:col-span-2"
          label="Description"
          multiline
          value={v.description}
          onChange={form.set('description')}
          error={form.errors.description}
          required
        />
        <TextField
          label="Duration (minutes)"
          inputMode="numeric"
          value={v.duration}
          onChange={form.set('duration')}
          error={form.errors.duration}
        />
        <Select
          label="Enjoyment (1 to 5)"
          options={[NONE, ...['1', '2', '3', '4', '5'].map((n) => ({ value: n, label: `${n}/5` }))]}
          value={v.enjoymentLevel!}
          onChange={form.set('enjoymentLevel')}
          error={form.errors.enjoymentLevel}
        />
        <TextField
          className="sm:col-span-2"
          label="Skills practiced"
          description="Separate skills with commas"
          value={v.skillsPracticed}
          onChange={form.set('skillsPracticed')}
          error={form.errors.skillsPracticed}
        />
        <Select
          label="Participation"
          options={[NONE, ...options(PARTICIPATION_LEVELS)]}
          value={v.participationLevel!}
          onChange={form.set('participationLevel')}
          error={form.errors.participationLevel}
        />
        <TextField label="Notes" value={v.notes} onChange={form.set('notes')} error={form.errors.notes} />
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {row ? 'Save Changes' : 'Add Activity'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
