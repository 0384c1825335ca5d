import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Form } from 'react-aria-components';
import { ANNOUNCEMENT_CATEGORIES, PRIORITIES } from '~/shared/constants';
import { centreDateOf } from '~/shared/centre-time';
import { announcementSchemaFrom } from '~/shared/schemas/content';
import { useCentreToday } from '~/client/lib/centre-today';
import { errorMessage, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { useSchemaForm } from '~/client/lib/use-schema-form';
import { AnnouncementItem } from '../../events/AnnouncementItem';
import { categoryLabel } from '../../events/categories';
import { Button } from '../../ui/Button';
import { Badge } from '../../ui/Card';
import { Switch } from '../../ui/Checkbox';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { ContentRow, PrivateBadge } from '../ContentRow';
import { ListState, PanelHeader } from '../PanelHeader';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { useSaveDialog } from '../useSaveDialog';
import { tabText } from './tab-words';

type AdminAnnouncement = RouterOutputs['announcements']['all'][number];

const CATEGORY_OPTIONS = ANNOUNCEMENT_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: categoryLabel(value) }));

/** The form's values: a new announcement's defaults, or the one being edited (blank for what it lacks). */
const formValues = (a: AdminAnnouncement | null) => ({
  title: a?.title ?? '',
  content: a?.content ?? '',
  category: a?.category ?? 'general',
  priority: a?.priority ?? 'normal',
  isPublic: a?.isPublic ?? true,
  expiresAt: a?.expiresAt?.slice(0, 10) ?? '',
});

function refreshAnnouncements() {
  void queryClient.invalidateQueries(trpc.announcements.pathFilter());
  void queryClient.invalidateQueries(trpc.overview.pathFilter());
}

/** Announcements tab (docs/product.md §2): list with count, add and edit dialog, delete confirmation. */
export default function AnnouncementsTab() {
  const announcements = useQuery({ ...trpc.announcements.all.queryOptions(), staleTime: 0 });
  /** The open dialog: a new announcement, or the one being edited. */
  const [editing, setEditing] = useState<{ announcement: AdminAnnouncement | null } | null>(null);
  const deletion = useConfirmedDelete({
    mutation: trpc.announcements.delete.mutationOptions(),
    title: tabText('staff.announcements.deleteTitle'),
    message: (a: AdminAnnouncement) => tabText('staff.deleteForever', { title: a.title }),
    success: (a) => ({
      title: tabText('staff.announcements.deleted'),
      description: tabText('staff.announcements.deletedText', { title: a.title }),
    }),
    failure: (error) => ({
      title: tabText('staff.announcements.deleteFailed'),
      description: errorMessage(error, tabText('staff.tryAgain')),
    }),
    onDeleted: refreshAnnouncements,
  });
  const list = announcements.data ?? [];

  return (
    <section aria-labelledby="announcements-tab-heading">
      <PanelHeader
        id="announcements-tab-heading"
        title={tabText('staff.tab.announcements')}
        count={announcements.data ? list.length : undefined}
        description={tabText('staff.announcements.description')}
        action={
          <Button onPress={() => setEditing({ announcement: null })}>
            <Plus aria-hidden="true" className="size-4" />
            {tabText('staff.announcements.add')}
          </Button>
        }
      />
      <ListState
        isPending={announcements.isPending}
        error={announcements.error}
        isEmpty={list.length === 0}
        empty={tabText('staff.announcements.empty')}
      />
      {list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={tabText('staff.tab.announcements')}>
          {list.map((a) => (
            <li key={a.id}>
              <AnnouncementRow announcement={a} onEdit={() => setEditing({ announcement: a })} onDelete={() => deletion.request(a)} />
            </li>
          ))}
        </ul>
      )}
      {/* Mounted per opening, keyed by the announcement: the form starts from its values (or a new one's) every time. */}
      {editing && (
        <AnnouncementDialog key={editing.announcement?.id ?? 'new'} announcement={editing.announcement} onClose={() => setEditing(null)} />
      )}
      {deletion.dialog}
    </section>
  );
}

function AnnouncementRow({
  announcement: a,
  onEdit,
  onDelete,
}: {
  announcement: AdminAnnouncement;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const today = useCentreToday();
  // The expiry date is the last day it is shown: from the next day on the website no longer lists it.
  const expired = a.expiresAt !== null && a.expiresAt.slice(0, 10) < today;
  return (
    <ContentRow itemLabel={tabText('staff.announcements.item', { title: a.title })} onEdit={onEdit} onDelete={onDelete}>
      <AnnouncementItem
        announcement={a}
        className="min-w-0 flex-1"
        badges={
          (expired || !a.isPublic) && (
            <>
              {expired && <Badge tone="orange">{tabText('staff.announcements.expired')}</Badge>}
              {!a.isPublic && <PrivateBadge />}
            </>
          )
        }
      />
    </ContentRow>
  );
}

/** Posts an announcement (`announcement` null) or edits one: the same form, the same shared schema as the server's. */
function AnnouncementDialog({ announcement, onClose }: { announcement: AdminAnnouncement | null; onClose: () => void }) {
  const today = useCentreToday();
  // Not before the day it is posted: today for a new one, its own day for one being edited (as the server checks).
  const postedDay = announcement ? centreDateOf(announcement.createdAt) : today;
  const schema = useMemo(() => announcementSchemaFrom(postedDay), [postedDay]);
  const schemaForm = useSchemaForm(schema, () => formValues(announcement));
  const { values: form, set, errors } = schemaForm;
  const { submit, isPending, isCreating, isUpdating } = useSaveDialog({
    form: schemaForm,
    editing: announcement !== null,
    create: {
      mutation: trpc.announcements.create.mutationOptions(),
      input: (data) => data,
      success: (saved) => ({
        title: tabText('staff.announcements.created'),
        description: tabText('staff.announcements.createdText', { title: saved.title }),
      }),
      failure: tabText('staff.announcements.createFailed'),
    },
    update: {
      mutation: trpc.announcements.update.mutationOptions(),
      input: (data) => ({ ...data, id: announcement!.id }),
      success: (saved) => ({ title: tabText('staff.announcements.updated'), description: tabText('staff.saved', { title: saved.title }) }),
      failure: tabText('staff.announcements.updateFailed'),
    },
    refresh: refreshAnnouncements,
    refreshAfterFailedUpdate: true,
    onClose,
  });

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={announcement ? tabText('staff.announcements.edit') : tabText('staff.announcements.add')}
      description={tabText('staff.announcements.required')}
      size="lg"
    >
      <Form id={schemaForm.formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <TextField
          label={tabText('staff.field.title')}
          value={form.title}
          onChange={set('title')}
          error={errors.title}
          required
          autoFocus
        />
        <TextField
          label={tabText('staff.field.content')}
          value={form.content}
          onChange={set('content')}
          error={errors.content}
          required
          multiline
          rows={4}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.field.category')}
            options={CATEGORY_OPTIONS}
            value={form.category}
            onChange={set('category')}
            error={errors.category}
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.announcements.priority')}
            options={PRIORITY_OPTIONS}
            value={form.priority}
            onChange={set('priority')}
            error={errors.priority}
          />
          <TextField
            label={tabText('staff.announcements.expiry')}
            type="date"
            value={form.expiresAt}
            onChange={set('expiresAt')}
            error={errors.expiresAt}
            description={tabText('staff.optional')}
          />
        </div>
        <Switch isSelected={form.isPublic} onChange={set('isPublic')}>
          {tabText('staff.announcements.showPublic')}
        </Switch>
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={isPending}>
          {announcement
            ? tabText(isUpdating ? 'staff.saving' : 'staff.saveChanges')
            : tabText(isCreating ? 'staff.announcements.posting' : 'staff.announcements.post')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
