import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PHYSICIAN_REASONS, type PhysicianReason } from '~/shared/medication-rules';
import { useCentreToday } from '~/client/lib/centre-today';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { fieldErrorsOf } from '../billing/billing-errors';
import { ScanFileInput, uploadScan } from '../paper-scan';
import { tabText } from '../tab-words';

/** The times as typed ("9:00, 13:30") in the schema's form ("09:00", "13:30"); the server checks each. */
const timesOf = (typed: string) =>
  typed
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => (x.length === 4 ? `0${x}` : x));

/**
 * A request the parent signed on paper (form JFS 01217), entered by staff with its scan (ADR 092): the scan goes
 * through the private-document pipeline first, then `medication.enter`, which stores it for the director's approval
 * like a request from the portal. The server's refusals show at their fields.
 */
export function PaperRequestDialog({ onClose }: { onClose: () => void }) {
  const today = useCentreToday();
  const day = useQuery({ ...trpc.attendance.day.queryOptions({ date: today }), staleTime: 0 });
  const [v, setV] = useState({
    childId: '',
    medicationName: '',
    reason: '',
    dose: '',
    route: '',
    times: '',
    asNeeded: false,
    sign: '',
    startDate: today,
    endDate: today,
    refrigerate: false,
    prescription: false,
    reasons: [] as PhysicianReason[],
    signature: '',
    signedOn: today,
  });
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
  const toggleReason = (reason: PhysicianReason) => (on: boolean) =>
    setV((old) => ({ ...old, reasons: on ? [...old.reasons, reason] : old.reasons.filter((r) => r !== reason) }));
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
        medicationName: v.medicationName,
        reason: v.reason,
        dose: v.dose,
        route: v.route,
        times: v.asNeeded ? [] : timesOf(v.times),
        asNeeded: v.asNeeded ? v.sign : null,
        startDate: v.startDate,
        endDate: v.endDate,
        refrigerate: v.refrigerate,
        prescription: v.prescription,
        physicianNeeded: v.reasons.length > 0,
        physicianReasons: v.reasons,
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
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={tabText('staff.medication.name')}
            required
            value={v.medicationName}
            onChange={set('medicationName')}
            error={errors.medicationName}
          />
          <TextField label={tabText('staff.medication.reason')} required value={v.reason} onChange={set('reason')} error={errors.reason} />
          <TextField label={tabText('staff.medication.doseField')} required value={v.dose} onChange={set('dose')} error={errors.dose} />
          <TextField label={tabText('staff.medication.route')} required value={v.route} onChange={set('route')} error={errors.route} />
        </div>
        <Checkbox isSelected={v.asNeeded} onChange={set('asNeeded')}>
          {tabText('staff.medication.asNeededBox')}
        </Checkbox>
        {v.asNeeded ? (
          <TextField
            label={tabText('staff.medication.sign')}
            required
            value={v.sign}
            onChange={set('sign')}
            error={errors.asNeeded || errors.times}
          />
        ) : (
          <TextField
            label={tabText('staff.medication.times')}
            description={tabText('staff.medication.timesHelp')}
            required
            value={v.times}
            onChange={set('times')}
            error={errors.times}
          />
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={tabText('staff.medication.start')}
            type="date"
            required
            value={v.startDate}
            onChange={set('startDate')}
            error={errors.startDate}
          />
          <TextField
            label={tabText('staff.medication.end')}
            type="date"
            required
            value={v.endDate}
            onChange={set('endDate')}
            error={errors.endDate}
          />
        </div>
        <Checkbox isSelected={v.refrigerate} onChange={set('refrigerate')}>
          {tabText('staff.medication.refrigerate')}
        </Checkbox>
        <Checkbox isSelected={v.prescription} onChange={set('prescription')}>
          {tabText('staff.medication.prescription')}
        </Checkbox>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">{tabText('staff.medication.physicianLegend')}</legend>
          {PHYSICIAN_REASONS.map((reason) => (
            <Checkbox key={reason} isSelected={v.reasons.includes(reason)} onChange={toggleReason(reason)}>
              {tabText(`staff.medication.physician.${reason}`)}
            </Checkbox>
          ))}
        </fieldset>
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
