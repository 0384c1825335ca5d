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
import { tabText } from '../tab-words';
import { type Child, invalidateChildren, TRY_AGAIN } from './records';

/** The consent line of a child's card: given or withdrawn, when, by which parent, and who recorded it. */
export function consentSummary(c: Child): string {
  if (!c.photoConsentRecordedAt) return tabText(c.photoConsent ? 'staff.consent.givenUndated' : 'staff.consent.notOnFile');
  return tabText(c.photoConsentGivenBy ? 'staff.consent.summaryBy' : 'staff.consent.summary', {
    state: c.photoConsent ? 'given' : 'withdrawn',
    by: c.photoConsentGivenBy ?? '',
    date: formatDate(c.photoConsentDate),
    recorder: c.photoConsentRecordedByName ?? tabText('staff.consent.staff'),
    at: formatDateTime(c.photoConsentRecordedAt),
  });
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
    if (!date) next.photoConsentDate = tabText('staff.consent.dateMissing');
    else if (date > today) next.photoConsentDate = tabText('staff.consent.dateFuture');
    if (!givenBy.trim()) next.photoConsentGivenBy = tabText('staff.consent.givenByMissing');
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      { id: child.id, photoConsent: consent, photoConsentDate: date, photoConsentGivenBy: givenBy },
      {
        onSuccess: (saved) => {
          toast({
            title: tabText('staff.consent.saved'),
            description: tabText(saved.photoConsent ? 'staff.consent.mayBeTagged' : 'staff.consent.notTagged', {
              child: saved.childName,
            }),
          });
          invalidateChildren();
          onClose();
        },
        onError: (error) => {
          const fields = (error.data as { fieldErrors?: typeof errors } | undefined)?.fieldErrors;
          if (fields) setErrors(fields);
          toast({ title: tabText('staff.consent.saveFailed'), description: errorMessage(error, TRY_AGAIN), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.consent.title', { child: child.childName })}
      description={tabText('staff.consent.intro')}
    >
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          <span className="font-medium">{tabText('staff.consent.onFile')}</span>
          {consentSummary(child)}
        </p>
        <Switch isSelected={consent} onChange={setConsent}>
          {tabText('staff.consent.consents')}
        </Switch>
        <TextField
          label={tabText(consent ? 'staff.consent.dateGiven' : 'staff.consent.dateWithdrawn')}
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
          label={tabText(consent ? 'staff.consent.givenBy' : 'staff.consent.withdrawnBy')}
          required
          value={givenBy}
          onChange={(v) => {
            setGivenBy(v);
            setErrors((e) => ({ ...e, photoConsentGivenBy: undefined }));
          }}
          error={errors.photoConsentGivenBy}
        />
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={save.isPending}>
          {tabText(save.isPending ? 'staff.saving' : 'staff.consent.save')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
