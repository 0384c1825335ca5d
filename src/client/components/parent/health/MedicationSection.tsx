import { useMutation, useQuery } from '@tanstack/react-query';
import { FileText, Pill } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { latestEndDate, type MedicationStatus } from '~/shared/medication-rules';
import { usePortalIntl } from '~/client/i18n';
import { useCentreToday } from '~/client/lib/centre-today';
import { toast } from '~/client/lib/toast';
import { queryClient, trpc, trpcClient } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { FILE_INPUT } from '../../ui/button-class';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { emptyMedicationDraft, type MedicationDraft, MedicationFields, medicationRequestFields } from '../../medication/MedicationFields';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic';
const STATUS_CLASS: Record<MedicationStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  returned: 'bg-red-100 text-red-900',
  ended: 'bg-stone-100 text-stone-800',
};

/** Sends one file by the private-document pipeline: an upload URL, then a plain PUT of the bytes. */
async function upload(file: File): Promise<string> {
  const { uploadURL } = await trpcClient.communications.createUpload.mutate();
  const res = await fetch(uploadURL, { method: 'PUT', body: file, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  return uploadURL;
}

/**
 * The child's medication requests (ADR 092): each with its status (and the centre's reason when returned), and the
 * form to ask for one more medicine, signed with the parent's typed full name, with the physician's instructions
 * or the pharmacy label when a physician is needed.
 */
export function MedicationSection({ childId }: { childId: string }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const list = useQuery({ ...trpc.medication.familyList.queryOptions({ childId }), staleTime: 0 });
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby="medication-heading" className="flex flex-col gap-3">
      <h2 id="medication-heading" className="text-lg font-semibold text-stone-900">
        {t('portal.medication.heading')}
      </h2>
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('portal.medication.loadFailed')}
        </p>
      )}
      {list.isSuccess && list.data.length === 0 && <p className="text-stone-600">{t('portal.medication.none')}</p>}
      {list.isSuccess && list.data.length > 0 && (
        <ul aria-label={t('portal.medication.list')} className="flex flex-col gap-2">
          {list.data.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-col gap-1 p-3 text-sm">
                <p className="flex flex-wrap items-center justify-between gap-2 font-semibold text-stone-900">
                  <span>{r.medicationName}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_CLASS[r.status]}`}>
                    {t(`portal.medication.status.${r.status}`)}
                  </span>
                </p>
                <p className="text-stone-700">
                  {r.dose} · {r.route} ·{' '}
                  {r.times.length ? r.times.join(', ') : t('portal.medication.asNeededSign', { sign: r.asNeeded ?? '' })}
                </p>
                <p className="text-stone-700">
                  {t('portal.medication.dates', { start: intl.date(r.startDate), end: intl.date(r.endDate) })}
                </p>
                {r.status === 'returned' && r.returnReason && (
                  <p className="text-red-800">{t('portal.medication.returnedBecause', { reason: r.returnReason })}</p>
                )}
                {r.documentUrl && (
                  <a href={r.documentUrl} className="inline-flex items-center gap-1 text-brand-800 underline underline-offset-2">
                    <FileText aria-hidden="true" className="size-4" />
                    {t('portal.medication.document')}
                  </a>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {asking ? (
        <RequestForm childId={childId} onDone={() => setAsking(false)} />
      ) : (
        <Button className="min-h-11 sm:self-start" onPress={() => setAsking(true)}>
          <Pill aria-hidden="true" className="size-4" />
          {t('portal.medication.ask')}
        </Button>
      )}
    </section>
  );
}

function RequestForm({ childId, onDone }: { childId: string; onDone: () => void }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const today = useCentreToday();
  const fileId = useId();
  const [v, setV] = useState({ ...emptyMedicationDraft(today), signature: '' });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const request = useMutation(trpc.medication.request.mutationOptions());
  const set =
    <K extends keyof typeof v>(key: K) =>
    (value: (typeof v)[K]) =>
      setV((old) => ({ ...old, [key]: value }));
  const change = (fields: Partial<MedicationDraft>) => setV((old) => ({ ...old, ...fields }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSending(true);
    try {
      const documentUrl = file ? await upload(file) : null;
      await request.mutateAsync({
        childId,
        ...medicationRequestFields(v),
        signature: v.signature,
        documentUrl,
      });
      toast({ title: t('portal.medication.sent', { medicine: v.medicationName }) });
      void queryClient.invalidateQueries(trpc.medication.familyList.queryFilter({ childId }));
      onDone();
    } catch (err) {
      setError(intl.callError(err, t('portal.medication.sendFailed')));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card className="p-4">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-labelledby="medication-form-heading">
        <h3 id="medication-form-heading" className="font-semibold text-stone-900">
          {t('portal.medication.formHeading')}
        </h3>
        <p className="text-sm text-stone-700">{t('portal.medication.formIntro')}</p>
        <MedicationFields
          value={v}
          onChange={change}
          words={{
            name: t('portal.medication.name'),
            reason: t('portal.medication.reason'),
            dose: t('portal.medication.dose'),
            route: t('portal.medication.route'),
            asNeeded: t('portal.medication.asNeeded'),
            sign: t('portal.medication.sign'),
            times: t('portal.medication.times'),
            timesHelp: t('portal.medication.timesHelp'),
            start: t('portal.medication.start'),
            end: t('portal.medication.end'),
            endHelp: t('portal.medication.endHelp', { date: intl.date(latestEndDate(today)) }),
            refrigerate: t('portal.medication.refrigerate'),
            prescription: t('portal.medication.prescription'),
            physicianLegend: t('portal.medication.physicianLegend'),
            physician: (reason) => t(`portal.medication.physician.${reason}`),
          }}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
            {t('portal.medication.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept={ACCEPT}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
            className={FILE_INPUT}
          />
          <p className="text-xs text-stone-600">{t('portal.medication.fileHelp')}</p>
        </div>
        <TextField
          label={t('portal.medication.signature')}
          description={t('portal.medication.signatureHelp')}
          required
          value={v.signature}
          onChange={set('signature')}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="min-h-11" isDisabled={sending}>
            {sending ? t('portal.saving') : t('portal.medication.send')}
          </Button>
          <Button variant="outline" className="min-h-11" onPress={onDone} isDisabled={sending}>
            {t('portal.medication.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
