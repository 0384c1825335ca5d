import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { HEALTH_FILES, type HealthFile, REVIEW_SECTIONS, type ReviewSection } from '~/shared/schemas/health';
import { usePortalIntl } from '~/client/i18n';
import { toast } from '~/client/lib/toast';
import { queryClient, trpc, trpcClient } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { FILE_INPUT } from '~/client/components/ui/button-class';
import { Card } from '~/client/components/ui/Card';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic';

/** Sends one file: an upload URL from the server, then the file's bytes by a plain PUT to it. */
async function uploadFile(file: File): Promise<string> {
  const { uploadURL } = await trpcClient.communications.createUpload.mutate();
  const res = await fetch(uploadURL, { method: 'PUT', body: file, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
  return uploadURL;
}

/**
 * The child's health records in the portal (ADR 094): each record item with its status (what is overdue or missing
 * shows first), a form to hand in the medical statement, the immunization record or the care plan, and the yearly
 * review confirmed with a typed signature.
 */
export function RecordsSection({ childId }: { childId: string }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const record = useQuery({ ...trpc.health.parentRecord.queryOptions(childId), staleTime: 0 });
  const refresh = () => void queryClient.invalidateQueries(trpc.health.pathFilter());
  const fileId = useId();
  const [kind, setKind] = useState<HealthFile>('medical-statement');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const add = useMutation(trpc.health.parentAddFile.mutationOptions());

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      const documentUrl = await uploadFile(file);
      await add.mutateAsync({ childId, kind, documentUrl });
      toast({ title: t('portal.records.uploaded') });
      setFile(null);
      refresh();
    } catch (error) {
      toast({ title: t('portal.records.uploadFailed'), description: intl.callError(error, ''), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const items = [...(record.data?.items ?? [])].sort((a, b) => Number(a.status === 'ok') - Number(b.status === 'ok'));
  return (
    <section aria-labelledby="records-heading" className="flex flex-col gap-3">
      <h2 id="records-heading" className="text-lg font-semibold text-stone-900">
        {t('portal.records.heading')}
      </h2>
      <ul aria-label={t('portal.records.heading')} className="flex flex-col gap-2">
        {items.map((i) => (
          <li key={i.item} data-item={i.item}>
            <Card className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="font-semibold text-stone-900">{t(`portal.records.item.${i.item}`)}</span>
              <span>
                {t(`portal.records.status.${i.status}`)}
                {i.dueDate && i.status !== 'ok' ? ` · ${t('portal.records.due', { date: intl.date(i.dueDate) })}` : ''}
              </span>
            </Card>
          </li>
        ))}
      </ul>
      {record.data?.carePlanSummary && (
        <p className="text-sm text-stone-700">{t('portal.records.carePlan', { summary: record.data.carePlanSummary })}</p>
      )}
      <Card className="p-4">
        <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
          <h3 className="font-semibold text-stone-900">{t('portal.records.upload')}</h3>
          <Select
            placeholder={t('portal.select')}
            label={t('portal.records.kind')}
            value={kind}
            onChange={(v) => setKind(v as HealthFile)}
            options={HEALTH_FILES.map((k) => ({ value: k, label: t(`portal.records.item.${k}`) }))}
          />
          <label htmlFor={fileId} className="text-sm font-medium text-stone-800">
            {t('portal.records.file')}
          </label>
          <input id={fileId} type="file" accept={ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} className={FILE_INPUT} />
          <div>
            <Button type="submit" isDisabled={!file || busy}>
              {busy ? t('portal.records.uploading') : t('portal.records.send')}
            </Button>
          </div>
        </form>
      </Card>
      <YearlyReview childId={childId} onDone={refresh} />
    </section>
  );
}

/** The yearly review: what the centre holds, confirmed with the parent's typed full name. */
function YearlyReview({ childId, onDone }: { childId: string; onDone: () => void }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const review = useQuery({ ...trpc.health.parentReview.queryOptions(childId), staleTime: 0 });
  const [signature, setSignature] = useState('');
  const [section, setSection] = useState<ReviewSection>('contacts');
  const [note, setNote] = useState('');
  const submit = useMutation(
    trpc.health.parentSubmitReview.mutationOptions({
      onSuccess: () => {
        toast({ title: t('portal.records.reviewSigned') });
        setSignature('');
        setNote('');
        onDone();
      },
      onError: (error) =>
        toast({ title: t('portal.records.reviewFailed'), description: intl.callError(error, ''), variant: 'destructive' }),
    }),
  );
  const data = review.data;
  if (!data) return null;
  const none = t('portal.records.none');
  const sectionLabel: Record<ReviewSection, string> = {
    contacts: t('portal.records.contacts'),
    pickups: t('portal.records.pickups'),
    allergies: t('portal.records.allergies'),
    medications: t('portal.records.medications'),
    physician: t('portal.records.physician'),
    'care-plan': t('portal.records.item.care-plan'),
  };
  // What changed since the review before: the changes the family recorded when they signed the latest one.
  const last = data.reviews[0];
  // The parts of the record that latest review changed are marked where the family reads them.
  const changed = new Set(last?.changes.map((c) => c.section) ?? []);
  const lines: [ReviewSection, string][] = [
    [
      'contacts',
      [data.record.contacts.parentName, data.record.contacts.parentPhone, data.record.contacts.emergencyContact].filter(Boolean).join(', '),
    ],
    ['pickups', data.record.pickups.map((p) => p.name).join(', ') || none],
    ['allergies', data.record.allergies ?? none],
    ['medications', data.record.medications ?? none],
    ['physician', data.record.physician ?? none],
    ['care-plan', data.record.carePlan ?? none],
  ];
  return (
    <Card className="flex flex-col gap-2 p-4 text-sm">
      <h3 className="font-semibold text-stone-900">{t('portal.records.review')}</h3>
      <p>{t('portal.records.reviewDue', { date: intl.date(data.due.dueDate ?? '') })}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {lines.map(([section, value]) => (
          <div key={section} className="contents">
            <dt className="font-medium text-stone-800">{sectionLabel[section]}</dt>
            <dd className="text-stone-700" data-changed={changed.has(section) || undefined}>
              {value}
              {changed.has(section) && (
                <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {t('portal.records.changedMark')}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {last && (
        <div aria-label={t('portal.records.lastReview', { date: intl.date(last.signedOn) })} role="group">
          <p className="font-medium text-stone-800">{t('portal.records.lastReview', { date: intl.date(last.signedOn) })}</p>
          {last.changes.length === 0 ? (
            <p>{t('portal.records.noChanges')}</p>
          ) : (
            <ul className="list-disc pl-5">
              {last.changes.map((c) => (
                <li key={c.section}>{`${sectionLabel[c.section as ReviewSection] ?? c.section}: ${c.note}`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {data.awaitingCountersignature ? (
        <p>{t('portal.records.awaiting')}</p>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate({ childId, signature, changes: note.trim() ? [{ section, note: note.trim() }] : [] });
          }}
        >
          <Select
            placeholder={t('portal.select')}
            label={t('portal.records.changeSection')}
            value={section}
            onChange={(v) => setSection(v as ReviewSection)}
            options={REVIEW_SECTIONS.map((k) => ({ value: k, label: sectionLabel[k] }))}
          />
          <TextField label={t('portal.records.changeNote')} value={note} onChange={setNote} />
          <TextField label={t('portal.records.signature')} value={signature} onChange={setSignature} />
          <div>
            <Button type="submit" isDisabled={!signature.trim() || submit.isPending}>
              {t('portal.records.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
