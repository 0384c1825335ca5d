import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { ADMIN_EVENT_CATEGORIES } from '~/shared/constants';
import { eventSchema } from '~/shared/schemas/content';
import { centreDateOf } from '~/shared/centre-time';
import { formatDate } from '~/client/lib/format';
import { errorMessage, queryClient, trpc, type RouterOutputs } from '~/client/lib/trpc';
import { useSchemaForm } from '~/client/lib/use-schema-form';
import { categoryLabel, eventCategoryTone, publicEventCategory } from '../../events/categories';
import { EventMeta } from '../../events/EventMeta';
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

type AdminEvent = RouterOutputs['events']['all'][number];

// The public calendar knows fewer categories (docs/product.md §2): the picker says which ones it shows as 'General'.
const CATEGORY_OPTIONS = ADMIN_EVENT_CATEGORIES.map((value) => ({
  value,
  label:
    publicEventCategory(value) === value
      ? categoryLabel(value)
      : tabText('staff.events.shownAsGeneral', { category: categoryLabel(value) }),
}));

/** The form's values: a new event's defaults, or the event being edited (blank for what it lacks). */
const formValues = (event: AdminEvent | null) => ({
  title: event?.title ?? '',
  description: event?.description ?? '',
  eventDate: event?.eventDate ?? centreDateOf(new Date()),
  startTime: event?.startTime ?? '',
  endTime: event?.endTime ?? '',
  category: event?.category ?? 'general',
  location: event?.location ?? '',
  isPublic: event?.isPublic ?? true,
});

function refreshEvents() {
  void queryClient.invalidateQueries(trpc.events.pathFilter());
  void queryClient.invalidateQueries(trpc.overview.pathFilter());
}

/** Events tab (docs/product.md §2): every event, public and private; add and edit dialog; delete with confirmation. */
export default function EventsTab() {
  const events = useQuery({ ...trpc.events.all.queryOptions(), staleTime: 0 });
  /** The open dialog: a new event, or the event being edited. */
  const [editing, setEditing] = useState<{ event: AdminEvent | null } | null>(null);
  const deletion = useConfirmedDelete({
    mutation: trpc.events.delete.mutationOptions(),
    title: tabText('staff.events.deleteTitle'),
    message: (event: AdminEvent) => tabText('staff.deleteForever', { title: event.title }),
    success: (event) => ({
      title: tabText('staff.events.deleted'),
      description: tabText('staff.events.deletedText', { title: event.title }),
    }),
    failure: (error) => ({ title: tabText('staff.events.deleteFailed'), description: errorMessage(error, tabText('staff.tryAgain')) }),
    onDeleted: refreshEvents,
  });
  const list = events.data ?? [];

  return (
    <section aria-labelledby="events-tab-heading">
      <PanelHeader
        id="events-tab-heading"
        title={tabText('staff.tab.events')}
        count={events.data ? list.length : undefined}
        description={tabText('staff.events.description')}
        action={
          <Button onPress={() => setEditing({ event: null })}>
            <Plus aria-hidden="true" className="size-4" />
            {tabText('staff.events.add')}
          </Button>
        }
      />
      <ListState isPending={events.isPending} error={events.error} isEmpty={list.length === 0} empty={tabText('staff.events.empty')} />
      {list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={tabText('staff.tab.events')}>
          {list.map((event) => (
            <li key={event.id}>
              <EventRow event={event} onEdit={() => setEditing({ event })} onDelete={() => deletion.request(event)} />
            </li>
          ))}
        </ul>
      )}
      {/* Mounted per opening, keyed by the event: the form starts from that event's values (or a new one's) every time. */}
      {editing && <EventDialog key={editing.event?.id ?? 'new'} event={editing.event} onClose={() => setEditing(null)} />}
      {deletion.dialog}
    </section>
  );
}

function EventRow({ event, onEdit, onDelete }: { event: AdminEvent; onEdit: () => void; onDelete: () => void }) {
  return (
    <ContentRow itemLabel={tabText('staff.events.item', { title: event.title })} onEdit={onEdit} onDelete={onDelete}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-stone-900">{event.title}</h3>
          <Badge tone={eventCategoryTone(event.category)}>{categoryLabel(event.category)}</Badge>
          {event.isPublic ? <Badge tone="green">{tabText('staff.public')}</Badge> : <PrivateBadge />}
        </div>
        {event.description && <p className="mt-1 text-sm text-stone-700">{event.description}</p>}
        <EventMeta event={event} withDate withLocation className="mt-2" />
      </div>
    </ContentRow>
  );
}

/** Adds an event (`event` null) or edits one: the same form, the same shared schema as the server's. */
function EventDialog({ event, onClose }: { event: AdminEvent | null; onClose: () => void }) {
  const schemaForm = useSchemaForm(eventSchema, () => formValues(event));
  const { values: form, set, errors } = schemaForm;
  const { submit, isPending, isCreating, isUpdating } = useSaveDialog({
    form: schemaForm,
    editing: event !== null,
    create: {
      mutation: trpc.events.create.mutationOptions(),
      input: (data) => data,
      success: (saved) => ({
        title: tabText('staff.events.created'),
        description: tabText('staff.events.createdText', { title: saved.title, date: formatDate(saved.eventDate) }),
      }),
      failure: tabText('staff.events.createFailed'),
    },
    update: {
      mutation: trpc.events.update.mutationOptions(),
      input: (data) => ({ ...data, id: event!.id }),
      success: (saved) => ({ title: tabText('staff.events.updated'), description: tabText('staff.saved', { title: saved.title }) }),
      failure: tabText('staff.events.updateFailed'),
    },
    refresh: refreshEvents,
    refreshAfterFailedUpdate: true,
    onClose,
  });

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={event ? tabText('staff.events.edit') : tabText('staff.events.add')}
      description={tabText('staff.events.required')}
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
          label={tabText('staff.field.description')}
          value={form.description}
          onChange={set('description')}
          error={errors.description}
          required
          multiline
          rows={3}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={tabText('staff.field.date')}
            type="date"
            value={form.eventDate}
            onChange={set('eventDate')}
            error={errors.eventDate}
            required
          />
          <TextField
            label={tabText('staff.events.startTime')}
            type="time"
            value={form.startTime}
            onChange={set('startTime')}
            error={errors.startTime}
          />
          <TextField
            label={tabText('staff.events.endTime')}
            type="time"
            value={form.endTime}
            onChange={set('endTime')}
            error={errors.endTime}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.field.category')}
            options={CATEGORY_OPTIONS}
            value={form.category}
            onChange={set('category')}
            error={errors.category}
          />
          <TextField
            label={tabText('staff.events.location')}
            value={form.location}
            onChange={set('location')}
            error={errors.location}
            placeholder={tabText('staff.events.locationExample')}
          />
        </div>
        <Switch isSelected={form.isPublic} onChange={set('isPublic')}>
          {tabText('staff.events.showPublic')}
        </Switch>
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={isPending}>
          {event
            ? tabText(isUpdating ? 'staff.saving' : 'staff.saveChanges')
            : tabText(isCreating ? 'staff.creating' : 'staff.events.create')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
