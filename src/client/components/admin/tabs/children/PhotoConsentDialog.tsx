import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { useCentreToday } from '~/client/lib/centre-today';
import { formatDate, formatDateTime } from '~/client/lib/format';
import { toast } from '~/client/lib/toast';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { Switch } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { type Child, invalidateChildren, TRY_AGAIN } from './records';

/** The consent line of a child's card: given or withdrawn, when, by which parent, and who recorded it. */
export function consentSummary(c: Child): string {
  if (!c.photoConsentRecordedAt) return c.photoConsent ? 'Given (no record of when)' : 'Not on file';
  const by = c.photoConsentGivenBy ? ` by ${c.photoConsentGivenBy}` : '';
  const what = c.photoConsent ? 'Given' : 'Withdrawn';
  return `${what}${by} on ${formatDate(c.photoConsentDate)} (recorded by ${c.photoConsentRecordedByName ?? 'staff'}, ${formatDateTime(c.photoConsentRecordedAt)})`;
}

/**
 * A director records the family's photo consent (ADR 073): given or withdrawn, the day the parent did so and
 * which parent; the server adds who recorded it and when. Without consent the child cannot be tagged in photos.
 */
export function PhotoConsentDialog({ child, onClose }: { child: Child; onClose: () => void }) {
  const today = useCentreToday();
  const [consent, setConsent] = useState(child.photoConsent);
  const [date, setDate] = useState(today);
  const [givenBy, setGivenBy] = useState(child.photoConsentGivenBy ?? child.parentName);
  const [errors, setErrors] = useState<Partial<Record<'photoConsentDate' | 'photoConsentGivenBy', string>>>({});
  const save = useMutation(trpc.classrooms.updateChild.mutationOptions());

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!date) next.photoConsentDate = 'Please give the date of the consent';
    else if (date > today) next.photoConsentDate = 'The consent date cannot be in the future';
    if (!givenBy.trim()) next.photoConsentGivenBy = 'Please say which parent gave or withdrew consent';
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      { id: child.id, photoConsent: consent, photoConsentDate: date, photoConsentGivenBy: givenBy },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Photo Consent Saved',
            description: `${saved.childName}: ${saved.photoConsent ? 'may be tagged in photos' : 'is not tagged in photos'}.`,
          });
          invalidateChildren();
          onClose();
        },
        onError: (error) => {
          const fields = (error.data as { fieldErrors?: typeof errors } | undefined)?.fieldErrors;
          if (fields) setErrors(fields);
          toast({ title: 'Failed to save photo consent.', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Photo consent: ${child.childName}`}
      description="Record what the family signed. A child without consent is never tagged in a photo of the day."
    >
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          <span className="font-medium">On file: </span>
          {consentSummary(child)}
        </p>
        <Switch isSelected={consent} onChange={setConsent}>
          The family consents to photos
        </Switch>
        <TextField
          label={consent ? 'Date consent was given' : 'Date consent was withdrawn'}
          type="date"
          required
          value={date}
          onChange={(v) => {
            setDate(v);
            setErrors((e) => ({ ...e, photoConsentDate: undefined }));
          }}
          error={errors.photoConsentDate}
        />
        <TextField
          label={consent ? 'Given by (parent)' : 'Withdrawn by (parent)'}
          required
          value={givenBy}
          onChange={(v) => {
            setGivenBy(v);
            setErrors((e) => ({ ...e, photoConsentGivenBy: undefined }));
          }}
          error={errors.photoConsentGivenBy}
        />
        <DialogActions onCancel={onClose} isDisabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Consent'}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
