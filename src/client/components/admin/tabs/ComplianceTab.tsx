import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { COMPLIANCE_ITEMS, COMPLIANCE_STATUSES, type ComplianceItem, type ComplianceStatus } from '~/shared/compliance-rules';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { INLINE_TARGET } from '../../ui/button-class';
import { cn } from '../../ui/cn';
import { Badge, type BadgeTone, Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { ListState, PanelHeader } from '../PanelHeader';
import { HealthRecordDialog } from './compliance/HealthRecordDialog';
import { tabText } from './tab-words';

const ALL = '__all__';
const TONES: Record<ComplianceStatus, BadgeTone> = {
  ok: 'green',
  'due-soon': 'sun',
  overdue: 'red',
  missing: 'orange',
};
const CHILD_ITEMS: readonly ComplianceItem[] = ['medical-statement', 'immunizations', 'care-plan'];

/**
 * The Compliance tab (director, ADR 094): what a licence inspector reads, one row per child (or staff member) and
 * item with its status and due date; counts, filters, the inspector's CSV, each child's emergency sheet, the health
 * record's form and the yearly reviews waiting for a countersignature.
 */
export default function ComplianceTab() {
  const [item, setItem] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const filter = {
    ...(item === ALL ? {} : { item: item as ComplianceItem }),
    ...(status === ALL ? {} : { status: status as ComplianceStatus }),
  };
  const list = useQuery({ ...trpc.compliance.list.queryOptions(filter), staleTime: 0 });
  const [editing, setEditing] = useState<{ childId: string; name: string } | null>(null);
  const rows = list.data?.rows ?? [];
  const query = new URLSearchParams(filter).toString();
  return (
    <section aria-labelledby="compliance-heading" className="flex flex-col gap-6">
      <div>
        <PanelHeader
          id="compliance-heading"
          title={tabText('staff.tab.compliance')}
          count={list.data?.rows.length}
          description={tabText('staff.compliance.description')}
          action={
            <a
              className="inline-flex items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-900"
              href={`/api/admin/compliance.csv${query ? `?${query}` : ''}`}
            >
              <Download aria-hidden="true" className="size-4" />
              {tabText('staff.exportCsv')}
            </a>
          }
        />
        {list.data && (
          <ul aria-label={tabText('staff.compliance.counts')} className="mb-4 flex flex-wrap gap-2">
            {COMPLIANCE_STATUSES.map((s) => (
              <li key={s}>
                <Badge tone={TONES[s]}>
                  {tabText('staff.compliance.count', { status: tabText(`staff.compliance.status.${s}`), n: list.data.counts[s] })}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="mb-4 grid gap-3 sm:grid-cols-2">
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.compliance.itemFilter')}
            value={item}
            onChange={setItem}
            options={[
              { value: ALL, label: tabText('staff.compliance.all') },
              ...COMPLIANCE_ITEMS.map((i) => ({ value: i, label: tabText(`staff.compliance.item.${i}`) })),
            ]}
          />
          <Select
            placeholder={tabText('staff.select')}
            label={tabText('staff.compliance.statusFilter')}
            value={status}
            onChange={setStatus}
            options={[
              { value: ALL, label: tabText('staff.compliance.all') },
              ...COMPLIANCE_STATUSES.map((s) => ({ value: s, label: tabText(`staff.compliance.status.${s}`) })),
            ]}
          />
        </div>
        <ListState isPending={list.isPending} error={list.error} isEmpty={rows.length === 0} empty={tabText('staff.compliance.empty')} />
        {rows.length > 0 && (
          <table className="w-full text-left text-sm" aria-label={tabText('staff.tab.compliance')}>
            <thead>
              <tr className="border-b border-stone-300">
                <th className="py-2 pr-2">{tabText('staff.compliance.name')}</th>
                <th className="py-2 pr-2">{tabText('staff.compliance.item')}</th>
                <th className="py-2 pr-2">{tabText('staff.compliance.status')}</th>
                <th className="py-2 pr-2">{tabText('staff.compliance.dueDate')}</th>
                <th className="py-2">
                  <span className="sr-only">{tabText('staff.compliance.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const key = 'staffId' in r ? `${r.staffId}:${r.credential}` : `${r.childId}:${r.item}`;
                return (
                  <tr key={key} className="border-b border-stone-200" data-row={key}>
                    <td className="py-2 pr-2">{r.name}</td>
                    <td className="py-2 pr-2">
                      {'staffId' in r ? tabText(`staff.compliance.credential.${r.credential}`) : tabText(`staff.compliance.item.${r.item}`)}
                    </td>
                    <td className="py-2 pr-2">
                      <Badge tone={TONES[r.status]}>{tabText(`staff.compliance.status.${r.status}`)}</Badge>
                    </td>
                    <td className="py-2 pr-2">{r.dueDate ?? ''}</td>
                    <td className="py-2">
                      {'childId' in r && CHILD_ITEMS.includes(r.item) && (
                        <Button
                          variant="outline"
                          aria-label={tabText('staff.compliance.editHealth', { child: r.name })}
                          onPress={() => setEditing({ childId: r.childId, name: r.name })}
                        >
                          {tabText('staff.edit')}
                        </Button>
                      )}
                      {'childId' in r && r.item === 'enrollment-record' && (
                        <a
                          className={cn(INLINE_TARGET, 'gap-1 text-teal-800')}
                          href={`/api/admin/children/${r.childId}/emergency-sheet.pdf`}
                        >
                          <FileText aria-hidden="true" className="size-4" />
                          {tabText('staff.compliance.emergencySheet', { child: r.name })}
                        </a>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      <PendingReviews />
      {editing && <HealthRecordDialog childId={editing.childId} childName={editing.name} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** The yearly reviews parents signed, waiting for the director's countersignature, with what they changed. */
function PendingReviews() {
  const reviews = useQuery({ ...trpc.health.pendingReviews.queryOptions(), staleTime: 0 });
  const countersign = useMutation(
    trpc.health.countersignReview.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.health.pathFilter());
        void queryClient.invalidateQueries(trpc.compliance.pathFilter());
      },
      onError: (e) =>
        toast({
          title: tabText('staff.compliance.notSaved'),
          description: errorMessage(e, tabText('staff.tryAgain')),
          variant: 'destructive',
        }),
    }),
  );
  const list = reviews.data ?? [];
  return (
    <section aria-labelledby="reviews-heading">
      <h3 id="reviews-heading" className="mb-2 text-lg font-semibold text-stone-900">
        {tabText('staff.compliance.reviews')}
      </h3>
      <ListState
        isPending={reviews.isPending}
        error={reviews.error}
        isEmpty={list.length === 0}
        empty={tabText('staff.compliance.noReviews')}
      />
      <ul className="grid gap-2 md:grid-cols-2">
        {list.map((r) => (
          <li key={r.id}>
            <Card className="flex flex-col gap-2 p-3 text-sm">
              <p className="font-semibold text-stone-900">
                {tabText('staff.compliance.reviewBy', { child: r.childName, signature: r.signature, date: r.signedOn })}
              </p>
              {r.changes.map((c) => (
                <p key={c.section}>{`${c.section}: ${c.note}`}</p>
              ))}
              <div>
                <Button isDisabled={countersign.isPending} onPress={() => countersign.mutate(r.id)}>
                  {tabText('staff.compliance.countersign')}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
