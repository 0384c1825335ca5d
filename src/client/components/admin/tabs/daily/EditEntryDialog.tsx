import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { centreMoment, centreTimeOf } from '~/shared/centre-time';
import { DIAPER_TYPES, MEAL_AMOUNTS, MEALS, TOILET_RESULTS } from '~/shared/schemas/daily-entries';
import type { StaffTabKey } from '~/shared/i18n/staff-tabs-en';
import { describeItem } from '~/shared/timeline-text';
import { ENGLISH_WORDS } from '~/shared/timeline-english';
import type { TimelineItem } from '~/shared/timeline';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { staffText } from '../../staff-words';
import { tabText } from '../tab-words';

/** A select's options: each id with its words, `staff.daily.<kind>.<id>` (staff-tabs-en.ts). */
const options = <K extends string>(values: readonly K[], kind: 'mealName' | 'amount' | 'diaper' | 'toilet') =>
  values.map((v) => ({ value: v, label: tabText(`staff.daily.${kind}.${v}` as StaffTabKey) }));

type Fields = Record<string, string>;

/** The form's fields of an entry's details, as text. */
function fieldsOf(entry: TimelineItem): Fields {
  const d = entry.details as Record<string, unknown>;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  if (entry.kind === 'nap') {
    return { start: centreTimeOf(new Date(entry.details.start)), end: entry.details.end ? centreTimeOf(new Date(entry.details.end)) : '' };
  }
  return { time: centreTimeOf(new Date(entry.at)), ...Object.fromEntries(Object.entries(d).map(([k, v]) => [k, text(v)])) };
}

/**
 * Edit one entry of the child's sheet (its author or a director, ADR 066): its time (a nap's start and end) and its
 * fields, on the sheet's day. The server applies the rules of a new entry (ADR 080); a refusal is shown and the
 * dialog stays open.
 */
export function EditEntryDialog({ entry, date, onClose }: { entry: TimelineItem; date: string; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(entry));
  const set = (name: string) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const update = useMutation(trpc.daily.update.mutationOptions());
  const what = describeItem(entry, ENGLISH_WORDS).title;
  const at = (time: string | undefined) => centreMoment(date, time ?? '').toISOString();

  function details(): Record<string, unknown> {
    switch (entry.kind) {
      case 'nap':
        return { start: at(fields.start), end: fields.end ? at(fields.end) : null };
      case 'meal':
        return { meal: fields.meal, amount: fields.amount, ...(fields.food?.trim() ? { food: fields.food } : {}) };
      case 'bottle':
        return { ounces: Number(fields.ounces) };
      case 'diaper':
        return { type: fields.type };
      case 'toilet':
        return { result: fields.result };
      case 'mood':
        return { mood: fields.mood };
      default:
        return { text: fields.text };
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = entry.kind === 'nap' ? { id: entry.id, details: details() } : { id: entry.id, at: at(fields.time), details: details() };
    update.mutate(input, {
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.daily.pathFilter());
        toast({ title: staffText('staff.daily.edit.saved', { what }) });
        onClose();
      },
      onError: (error) =>
        toast({
          title: staffText('staff.daily.edit.notSaved'),
          description: errorMessage(error, staffText('staff.tryAgain')),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={staffText('staff.daily.edit.title', { what })}
    >
      <form className="flex flex-col gap-4" onSubmit={submit}>
        {entry.kind === 'nap' ? (
          <div className="grid grid-cols-2 gap-3">
            <TextField label={staffText('staff.daily.edit.start')} type="time" value={fields.start} onChange={set('start')} />
            <TextField label={staffText('staff.daily.edit.end')} type="time" value={fields.end} onChange={set('end')} />
          </div>
        ) : (
          <TextField label={staffText('staff.daily.edit.time')} type="time" value={fields.time} onChange={set('time')} className="w-40" />
        )}
        {entry.kind === 'meal' && (
          <>
            <Select
              placeholder={tabText('staff.select')}
              label={staffText('staff.daily.edit.meal')}
              value={fields.meal ?? null}
              onChange={set('meal')}
              options={options(MEALS, 'mealName')}
            />
            <Select
              placeholder={tabText('staff.select')}
              label={staffText('staff.daily.edit.amount')}
              value={fields.amount ?? null}
              onChange={set('amount')}
              options={options(MEAL_AMOUNTS, 'amount')}
            />
            <TextField label={staffText('staff.daily.edit.food')} value={fields.food ?? ''} onChange={set('food')} maxLength={200} />
          </>
        )}
        {entry.kind === 'bottle' && (
          <TextField
            label={staffText('staff.daily.edit.ounces')}
            inputMode="decimal"
            value={fields.ounces}
            onChange={set('ounces')}
            className="w-40"
          />
        )}
        {entry.kind === 'diaper' && (
          <Select
            placeholder={tabText('staff.select')}
            label={staffText('staff.daily.edit.diaper')}
            value={fields.type ?? null}
            onChange={set('type')}
            options={options(DIAPER_TYPES, 'diaper')}
          />
        )}
        {entry.kind === 'toilet' && (
          <Select
            placeholder={tabText('staff.select')}
            label={staffText('staff.daily.edit.toilet')}
            value={fields.result ?? null}
            onChange={set('result')}
            options={options(TOILET_RESULTS, 'toilet')}
          />
        )}
        {entry.kind === 'mood' && <TextField label={staffText('staff.daily.edit.mood')} value={fields.mood} onChange={set('mood')} />}
        {entry.kind === 'note' && (
          <TextField label={staffText('staff.daily.edit.note')} multiline rows={3} value={fields.text} onChange={set('text')} />
        )}
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={update.isPending}>
          {staffText('staff.daily.edit.save')}
        </DialogActions>
      </form>
    </Dialog>
  );
}
