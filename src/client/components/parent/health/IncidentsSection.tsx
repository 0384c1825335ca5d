import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, PenLine } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { usePortalIntl } from '~/client/i18n';
import { downloadFile } from '~/client/lib/download';
import { getParentToken } from '~/client/lib/parent-session';
import { toast } from '~/client/lib/toast';
import { queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { Badge, Card } from '../../ui/Card';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { kindKey } from './incident-words';

type Report = RouterOutputs['incidents']['parentList']['items'][number];

/** The child's incident reports (ADR 093), newest first: each with its amendments, and signed here once read. */
export function IncidentsSection({ childId }: { childId: string }) {
  const { t } = usePortalIntl();
  const list = useQuery({ ...trpc.incidents.parentList.queryOptions({ childId, limit: 20 }), staleTime: 0 });
  return (
    <section aria-labelledby="incidents-heading" className="flex flex-col gap-3">
      <h2 id="incidents-heading" className="text-lg font-semibold text-stone-900">
        {t('portal.incidents.heading')}
      </h2>
      {list.isPending && <p className="text-stone-600">{t('portal.loading')}</p>}
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('portal.incidents.loadFailed')}
        </p>
      )}
      {list.isSuccess && list.data.items.length === 0 && <p className="text-stone-600">{t('portal.incidents.none')}</p>}
      {list.isSuccess && list.data.items.length > 0 && (
        <ul aria-label={t('portal.incidents.heading')} className="flex flex-col gap-3">
          {list.data.items.map((r) => (
            <li key={r.id}>
              <IncidentCard report={r} childId={childId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function IncidentCard({ report: r, childId }: { report: Report; childId: string }) {
  const intl = usePortalIntl();
  const { t } = intl;
  const [signature, setSignature] = useState('');
  const [error, setError] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const sign = useMutation(
    trpc.incidents.acknowledge.mutationOptions({
      onSuccess: () => {
        toast({ title: t('portal.incidents.acknowledged') });
        void queryClient.invalidateQueries(trpc.incidents.parentList.queryFilter({ childId, limit: 20 }));
      },
      onError: (e) => {
        setError(intl.callError(e, t('portal.incidents.notSaved')));
      },
    }),
  );
  const kind = t(kindKey(r.kind));
  const heading = `${kind}: ${t('portal.incidents.when', { date: intl.date(r.occurredAt), time: intl.time(r.occurredAt) })}`;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (signature.trim().length < 2) {
      setError(intl.error('error.signatureRequired'));
      return;
    }
    sign.mutate({ id: r.id, signature: signature.trim() });
  }

  async function download() {
    setDownloading(true);
    try {
      const token = getParentToken();
      await downloadFile(`/api/parent/incidents/${encodeURIComponent(r.id)}/report.pdf`, token ? { authorization: `Bearer ${token}` } : {});
    } catch (e) {
      toast({ title: t('portal.incidents.pdfFailed'), description: intl.callError(e, ''), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="flex flex-col gap-2 p-4 text-sm text-stone-800">
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-stone-900">
        {heading}
        {r.serious && <Badge tone="red">{t('portal.incidents.serious')}</Badge>}
      </h3>
      <p>{t('portal.incidents.location', { place: r.location })}</p>
      <Field label={t('portal.incidents.description')} value={r.description} />
      {r.firstAid && <Field label={t('portal.incidents.firstAid')} value={r.firstAid} />}
      {r.whoWasTold && (
        <Field label={t('portal.incidents.told')} value={r.toldAt ? `${r.whoWasTold} (${intl.time(r.toldAt)})` : r.whoWasTold} />
      )}
      {r.witnesses.length > 0 && <Field label={t('portal.incidents.witnesses')} value={r.witnesses.join(', ')} />}
      <p className="text-xs text-stone-600">{t('portal.incidents.writtenBy', { name: r.authorName })}</p>
      {r.amendments.map((a) => (
        <div key={a.id} className="rounded-lg border-l-4 border-amber-400 bg-amber-50 px-3 py-2">
          <p className="text-xs font-semibold text-stone-700">
            {t('portal.incidents.amendment', { name: a.authorName, date: intl.dateTime(a.createdAt) })}
          </p>
          <p className="break-words whitespace-pre-line">{a.text}</p>
        </div>
      ))}
      {r.handedOverAt && r.handedOverTo && (
        <p className="text-stone-700">{t('portal.incidents.handedOver', { name: r.handedOverTo, date: intl.dateTime(r.handedOverAt) })}</p>
      )}
      {r.acknowledgedAt && r.acknowledgedSignature ? (
        <p className="font-medium text-green-800">
          {t('portal.incidents.signed', { name: r.acknowledgedSignature, date: intl.dateTime(r.acknowledgedAt) })}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField
            className="flex-1"
            label={t('portal.incidents.signLabel')}
            value={signature}
            onChange={(v) => {
              setSignature(v);
              setError(undefined);
            }}
            error={error}
            autoComplete="name"
          />
          <Button type="submit" className="min-h-11" isDisabled={sign.isPending}>
            <PenLine aria-hidden="true" className="size-4" />
            {t('portal.incidents.acknowledge')}
          </Button>
        </form>
      )}
      <div>
        <Button variant="outline" size="sm" className="min-h-11" isDisabled={downloading} onPress={() => void download()}>
          <Download aria-hidden="true" className="size-4" />
          {t('portal.incidents.pdf')}
        </Button>
      </div>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-xs font-semibold text-stone-600">{label}</p>
      <p className="break-words whitespace-pre-line">{value}</p>
    </div>
  );
}
