import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCentreToday } from '~/client/lib/centre-today';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import {
  emptyMedicationDraft,
  type MedicationDraft,
  MedicationFields,
  type MedicationFieldWords,
  medicationRequestFields,
} from '~/client/components/medication/MedicationFields';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { fieldErrorsOf } from '../billing/billing-errors';
import { ScanFileInput, uploadScan } from '../paper-scan';
import { tabText } from '../tab-words';

/** The request's fields in the staff area's words. */
const FIELD_WORDS = (): MedicationFieldWords => ({
  name: tabText('staff.medication.name'),
  reason: tabText('staff.medication.reason'),
  dose: tabText('staff.medication.doseField'),
  route: tabText('staff.medication.route'),
  asNeeded: tabText('staff.medication.asNeededBox'),
  sign: tabText('staff.medication.sign'),
  times: tabText('staff.medication.times'),
  timesHelp: tabText('staff.medication.timesHelp'),
  start: tabText('staff.medication.start'),
  end: tabText('staff.medication.end'),
  refrigerate: tabText('staff.medication.refrigerate'),
  prescription: tabText('staff.medication.prescription'),
  physicianLegend: tabText('staff.medication.physicianLegend'),
  physician: (reason) => tabText(`staff.medication.physician.${reason}`),
});

/**
 * A request the parent signed on paper (form JFS 01217), entered by staff with its scan (ADR 092): the scan goes
 * through the private-document pipeline first, then `medication.enter`, which stores it for the director's approval
 * like a request from the portal. The server's refusals show at their fields.
 */
export function PaperRequestDialog({ onClose }: { onClose: () => void }) {
  const today = useCentreToday();
  const day = useQuery({ ...trpc.attendance.day.queryOptions({ date: today }), staleTime: 0 });
  const [v, setV] = useState({ childId: '', ...emptyMedicationDraft(today), signature: '', signedOn: today });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const enter = useMutation(trpc.medication.enter.mutationOptions());
  const set =
    <K extends keyof typeof v>(key: K) =>
    (value: (typeof v)[K]) => {
      setV((old) => ({ ...old, [key]: value }));
      setErrors((e) => ({ ...e, [key === 'sign' ? 'asNeeded' : key]: '' }));
    };
  const change = (fields: Partial<MedicationDraft>) => {
    setV((old) => ({ ...old, ...fields }));
    for (const key of Object.keys(fields)) setErrors((e) => ({ ...e, [key === 'sign' ? 'asNeeded' : key]: '' }));
  };
  const children = day.data?.children ?? [];
  const childName = (id: string) => children.find((c) => c.childId === id)?.childName ?? '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.childId) {
      setErrors((x) => ({ ...x, childId: tabText('staff.medication.chooseChild') }));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const documentUrl = file ? await uploadScan(file) : null;
      const saved = await enter.mutateAsync({
        childId: v.childId,
        ...medicationRequestFields(v),
        signature: v.signature,
        signedOn: v.signedOn,
        documentUrl,
      });
      toast({ title: tabText('staff.medication.entered', { medicine: saved.medicationName, name: childName(saved.childId) }) });
      void queryClient.invalidateQueries(trpc.medication.pathFilter());
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else
        toast({
          title: tabText('staff.medication.enterFailed'),
          description: errorMessage(error, tabText('staff.tryAgain')),
          variant: 'destructive',
        });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.medication.paperTitle')}
      size="lg"
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
        <p className="text-sm text-stone-700">{tabText('staff.medication.paperIntro')}</p>
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.medication.child')}
          value={v.childId}
          onChange={set('childId')}
          error={errors.childId}
          required
          options={children.map((c) => ({ value: c.childId, label: c.childName }))}
        />
        <MedicationFields value={v} onChange={change} errors={errors} words={FIELD_WORDS()} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={tabText('staff.medication.signature')}
            required
            value={v.signature}
            onChange={set('signature')}
            error={errors.signature}
          />
          <TextField
            label={tabText('staff.medication.signedOn')}
            type="date"
            required
            max={today}
            value={v.signedOn}
            onChange={set('signedOn')}
            error={errors.signedOn}
          />
        </div>
        <ScanFileInput label={tabText('staff.medication.scan')} error={errors.documentUrl} onChange={setFile} />
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={sending}>
          {sending ? tabText('staff.saving') : tabText('staff.medication.enter')}
        </DialogActions>
      </form>
    </Dialog>
  );
}
