import { Form } from 'react-aria-components';
import { NOTE_CATEGORIES } from '~/shared/constants';
import { noteFields } from '~/shared/schemas/development';
import { trpc } from '~/client/lib/trpc';
import { useSchemaForm } from '~/client/lib/use-schema-form';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { useSaveDialog } from '../../useSaveDialog';
import { type NoteRow, options, refresh } from './records';
import { tabText } from '../tab-words';

/** Adds a development note (`row` null) or edits one. */
export function NoteDialog({ childId, row, onClose }: { childId: string; row: NoteRow | null; onClose: () => void }) {
  const form = useSchemaForm(noteFields, {
    category: row?.category ?? 'cognitive',
    title: row?.title ?? '',
    content: row?.content ?? '',
    skillsObserved: row?.skillsObserved.join(', ') ?? '',
    developmentAreas: row?.developmentAreas.join(', ') ?? '',
    isPrivate: row?.isPrivate ?? false,
  } as { category: string; title: string; content: string; skillsObserved: string; developmentAreas: string; isPrivate: boolean });
  const { submit, isPending } = useSaveDialog({
    form,
    editing: row !== null,
    create: {
      mutation: trpc.development.createNote.mutationOptions(),
      input: (data) => ({ ...data, childId }),
      success: () => ({ title: tabText('staff.note.added') }),
      failure: tabText('staff.note.createFailed'),
    },
    update: {
      mutation: trpc.development.updateNote.mutationOptions(),
      input: (data) => ({ ...data, id: row!.id }),
      success: () => ({ title: tabText('staff.note.updated') }),
      failure: tabText('staff.note.updateFailed'),
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
      title={row ? tabText('staff.note.edit') : tabText('staff.activities.addNote')}
      size="lg"
    >
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.field.category')}
          options={options(NOTE_CATEGORIES)}
          value={v.category}
          onChange={form.set('category')}
          error={form.errors.category}
          required
        />
        <TextField label={tabText('staff.field.title')} value={v.title} onChange={form.set('title')} error={form.errors.title} required />
        <TextField
          className="sm:col-span-2"
          label={tabText('staff.field.content')}
          multiline
          rows={5}
          value={v.content}
          onChange={form.set('content')}
          error={form.errors.content}
          required
        />
        <TextField
          label={tabText('staff.note.skills')}
          description={tabText('staff.activity.skillsHint')}
          value={v.skillsObserved}
          onChange={form.set('skillsObserved')}
          error={form.errors.skillsObserved}
        />
        <TextField
          label={tabText('staff.note.areas')}
          description={tabText('staff.note.areasHint')}
          value={v.developmentAreas}
          onChange={form.set('developmentAreas')}
          error={form.errors.developmentAreas}
        />
        <Checkbox className="sm:col-span-2" isSelected={v.isPrivate} onChange={form.set('isPrivate')}>
          {tabText('staff.note.private')}
        </Checkbox>
        <DialogActions cancelLabel={tabText('staff.cancel')} className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {row ? tabText('staff.saveChanges') : tabText('staff.note.add')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
