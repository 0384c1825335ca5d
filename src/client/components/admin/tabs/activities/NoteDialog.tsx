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
      success: () => ({ title: 'Development note added' }),
      failure: 'Failed to create development note',
    },
    update: {
      mutation: trpc.development.updateNote.mutationOptions(),
      input: (data) => ({ ...data, id: row!.id }),
      success: () => ({ title: 'Development note updated' }),
      failure: 'Failed to update development note',
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={row ? 'Edit Development Note' : 'Add Development Note'} size="lg">
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Category"
          options={options(NOTE_CATEGORIES)}
          value={v.category}
          onChange={form.set('category')}
          error={form.errors.category}
          required
        />
        <TextField label="Title" value={v.title} onChange={form.set('title')} error={form.errors.title} required />
        <TextField
          className="sm:col-span-2"
          label="Content"
          multiline
          rows={5}
          value={v.content}
          onChange={form.set('content')}
          error={form.errors.content}
          required
        />
        <TextField
          label="Skills observed"
          description="Separate skills with commas"
          value={v.skillsObserved}
          onChange={form.set('skillsObserved')}
          error={form.errors.skillsObserved}
        />
        <TextField
          label="Development areas"
          description="Separate areas with commas"
          value={v.developmentAreas}
          onChange={form.set('developmentAreas')}
          error={form.errors.developmentAreas}
        />
        <Checkbox className="sm:col-span-2" isSelected={v.isPrivate} onChange={form.set('isPrivate')}>
          Private (staff only; never shown to parents)
        </Checkbox>
        <DialogActions className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {row ? 'Save Changes' : 'Add Note'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
