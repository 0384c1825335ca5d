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

type AdminEvent = RouterOutputs['events']['all'][number];

// The public calendar knows fewer categories (docs/product.md §2): the picker says which ones it shows as 'General'.
const CATEGORY_OPTIONS = ADMIN_EVENT_CATEGORIES.map((value) => ({
  value,
  label: publicEventCategory(value) === value ? categoryLabel(value) : `${categoryLabel(value)} (shown as General on the website)`,
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
    title: 'Delete Event',
    message: (event: AdminEvent) => `Are you sure you want to delete "${event.title}"? This cannot be undone.`,
    success: (event) => ({ title: 'Event Deleted', description: `"${event.title}" was removed from the calendar.` }),
    failure: (error) => ({ title: 'Failed to delete event.', description: errorMessage(error, 'Please try again.') }),
    onDeleted: refreshEvents,
  });
  const list = events.data ?? [];

  return (
    <section aria-labelledby="events-tab-heading">
      <PanelHeader
        id="events-tab-heading"
        title="Events"
        count={events.data ? list.length : undefined}
        description="Public events appear on the calendar; private ones only here."
        action={
          <Button onPress={() => setEditing({ event: null })}>
            <Plus aria-hidden="true" className="size-4" />
            Add Event
          </Button>
        }
      />
      <ListState isPending={events.isPending} error={events.error} isEmpty={list.length === 0} empty="No events yet. Add the first one." />
      {list.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Events">
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
    <ContentRow itemLabel={`event ${event.title}`} onEdit={onEdit} onDelete={onDelete}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-stone-900">{event.title}</h3>
          <Badge tone={eventCategoryTone(event.category)}>{categoryLabel(event.category)}</Badge>
          {event.isPublic ? <Badge tone="green">Public</Badge> : <PrivateBadge />}
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
      success: (saved) => ({ title: 'Event Created', description: `"${saved.title}" was added for ${formatDate(saved.eventDate)}.` }),
      failure: 'Failed to create event.',
    },
    update: {
      mutation: trpc.events.update.mutationOptions(),
      input: (data) => ({ ...data, id: event!.id }),
      success: (saved) => ({ title: 'Event Updated', description: `"${saved.title}" was saved.` }),
      failure: 'Failed to update event.',
    },
    refresh: refreshEvents,
    refreshAfterFailedUpdate: true,
    onClose,
  });

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={event ? 'Edit Event' : 'Add Event'}
      description="Title, description and date are required."
      size="lg"
    >
      <Form id={schemaForm.formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <TextField label="Title" value={form.title} onChange={set('title')} error={errors.title} required autoFocus />
        <TextField
          label="Description"
          value={form.description}
          onChange={set('description')}
          error={errors.description}
          required
          multiline
          rows={3}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Date" type="date" value={form.eventDate} onChange={set('eventDate')} error={errors.eventDate} required />
          <TextField label="Start time" type="time" value={form.startTime} onChange={set('startTime')} error={errors.startTime} />
          <TextField label="End time" type="time" value={form.endTime} onChange={set('endTime')} error={errors.endTime} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Category" options={CATEGORY_OPTIONS} value={form.category} onChange={set('category')} error={errors.category} />
          <TextField
            label="Location"
            value={form.location}
            onChange={set('location')}
            error={errors.location}
            placeholder="e.g. Main playground"
          />
        </div>
        <Switch isSelected={form.isPublic} onChange={set('isPublic')}>
          Show on the public calendar
        </Switch>
        <DialogActions onCancel={onClose} isDisabled={isPending}>
          {event ? (isUpdating ? 'Saving...' : 'Save Changes') : isCreating ? 'Creating...' : 'Create Event'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
