import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AUDIT_CHANGED, AUDIT_ENTITY_IDS, AUDIT_NAME_MAX, type AuditEntity } from '~/shared/audit';
import { formatDateTime } from '~/client/lib/format';
import { trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { INLINE_TARGET } from '../../ui/button-class';
import { cn } from '../../ui/cn';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { Select } from '../../ui/Select';
import type { AdminTabId } from '../admin-tabs';
import { ListState, PanelHeader } from '../PanelHeader';
import { auditFieldsText } from './audit/audit-fields';
import { staffText } from '../staff-words';
import { staffLoadMoreWords, tabText } from './tab-words';

const PAGE_SIZE = 50;
const ANY = 'all';

/** Where the dashboard shows each kind of record: its name in a row links there. */
const TAB_OF: Partial<Record<AuditEntity, AdminTabId>> = {
  event: 'events',
  announcement: 'announcements',
  application: 'applications',
  child: 'children',
  'parent-login': 'children',
  activity: 'activities',
  note: 'activities',
  achievement: 'activities',
  report: 'activities',
  message: 'communication',
  'document-request': 'communication',
  receipt: 'payments',
  'tax-statement': 'payments',
  picture: 'gallery',
  staff: 'staff',
};

const ACTION_LABELS: Record<string, string> = {
  create: tabText('staff.audit.action.create'),
  update: tabText('staff.audit.action.update'),
  delete: tabText('staff.audit.action.delete'),
  status: tabText('staff.audit.action.status'),
  send: tabText('staff.audit.action.send'),
  'sign-in': tabText('staff.audit.action.signIn'),
  'sign-in-failed': tabText('staff.audit.action.signInFailed'),
  'sign-out': tabText('staff.audit.action.signOut'),
  password: tabText('staff.audit.action.password'),
  export: tabText('staff.audit.action.export'),
};

/** What GET /api/admin/audit-log/verify answers (src/server/audit/chain.ts). */
type Verification = {
  ok: boolean;
  rows: number;
  firstBrokenId: number | null;
  anchorId: number | null;
  unanchored: boolean;
  tailMissing: boolean;
  triggersMissing: boolean;
};

/** Each thing the check found wrong, in words; none when the log is intact. */
export function verificationProblems(v: Verification): string[] {
  return [
    v.firstBrokenId !== null ? tabText('staff.audit.verify.broken', { id: String(v.firstBrokenId) }) : null,
    v.tailMissing ? tabText('staff.audit.verify.tailMissing', { id: String(v.anchorId) }) : null,
    v.unanchored ? tabText('staff.audit.verify.unanchored') : null,
    v.triggersMissing ? tabText('staff.audit.verify.triggersMissing') : null,
  ].filter((p): p is string => p !== null);
}

type Row = {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string;
  action: string;
  entity: string;
  entityId: string | null;
  fields: Record<string, unknown>;
  before: Record<string, unknown> | null;
  address: string;
  /** The record's name as it is now, read by the server with the page (server/audit/names.ts, ADR 082). */
  record: { name: string | null; child: string | null; gone: boolean };
};

/** A kind of record in words (`staff.audit.entity.*`); a kind this page does not know, as the row has it. */
function entityText(entity: string): string {
  return (AUDIT_ENTITY_IDS as readonly string[]).includes(entity) ? tabText(`staff.audit.entity.${entity as AuditEntity}`) : entity;
}

/** The record's name now; a record deleted since reads as such; else what the row knows (a public title), else its kind. */
function recordName(row: Row): string {
  const kind = entityText(row.entity);
  if (row.record.name) return row.record.name;
  if (row.record.gone) return staffText('staff.audit.deletedRecord', { kind });
  const f = row.fields;
  // Free text is not kept (ADR 064): a name the log only knows as changed is no name.
  const name = [f.title, f.receiptNumber, f.email].find((v) => typeof v === 'string' && v.trim() && v !== AUDIT_CHANGED);
  return (name as string | undefined) ?? kind;
}

/** The Audit tab (director): every staff write, newest first, by person, kind of record, record and dates. */
export default function AuditTab() {
  const [actorId, setActorId] = useState(ANY);
  const [entity, setEntity] = useState(ANY);
  const [entityId, setEntityId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const staff = useQuery({ ...trpc.staff.list.queryOptions(), staleTime: 60_000 });
  const filter = {
    limit: PAGE_SIZE,
    ...(actorId !== ANY ? { actorId } : {}),
    ...(entity !== ANY ? { entity } : {}),
    ...(entityId.trim() ? { entityId: entityId.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search.trim() ? { name: search.trim().slice(0, AUDIT_NAME_MAX) } : {}),
  };
  const log = useInfiniteQuery({
    ...trpc.auditLog.list.infiniteQueryOptions(filter, { getNextPageParam: (last) => last.nextCursor }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const rows = (log.data?.pages.flatMap((p) => p.items) ?? []) as Row[];
  const verify = useQuery({ ...trpc.auditLog.verify.queryOptions(), enabled: false });

  const people = [
    { value: ANY, label: tabText('staff.audit.everyone') },
    ...(staff.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  const kinds = [
    { value: ANY, label: tabText('staff.audit.everyKind') },
    ...AUDIT_ENTITY_IDS.map((value) => ({ value, label: entityText(value) })),
  ];
  const showRecord = (row: Row) => {
    setEntity(row.entity);
    setEntityId(row.entityId ?? '');
  };

  return (
    <section aria-labelledby="audit-heading">
      <PanelHeader
        id="audit-heading"
        title={tabText('staff.tab.audit')}
        description={tabText('staff.audit.description')}
        action={
          <Button variant="outline" onPress={() => void verify.refetch()} isDisabled={verify.isFetching}>
            {tabText(verify.isFetching ? 'staff.audit.checking' : 'staff.audit.check')}
          </Button>
        }
      />
      {verify.data &&
        (verify.data.ok ? (
          <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            {tabText('staff.audit.intact', { rows: verify.data.rows })}
          </p>
        ) : (
          <div role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-semibold">{tabText('staff.audit.tampered')}</p>
            <ul className="list-disc pl-5">
              {verificationProblems(verify.data).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
            <p>{tabText('staff.audit.tellDirector')}</p>
          </div>
        ))}
      <Card className="mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6">
        <TextField
          label={staffText('staff.audit.search')}
          description={staffText('staff.audit.searchHint')}
          type="search"
          maxLength={AUDIT_NAME_MAX}
          value={search}
          onChange={setSearch}
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.audit.person')}
          options={people}
          value={actorId}
          onChange={setActorId}
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.audit.kind')}
          options={kinds}
          value={entity}
          onChange={setEntity}
        />
        <TextField
          label={tabText('staff.audit.record')}
          description={tabText('staff.audit.recordId')}
          value={entityId}
          onChange={setEntityId}
        />
        <TextField label={tabText('staff.audit.from')} type="date" value={from} onChange={setFrom} />
        <TextField label={tabText('staff.audit.to')} type="date" value={to} onChange={setTo} />
      </Card>
      <ListState isPending={log.isPending} error={log.error} isEmpty={rows.length === 0} empty={tabText('staff.audit.empty')} />
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-stone-200">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{tabText('staff.audit.caption')}</caption>
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {tabText('staff.audit.col.when')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {tabText('staff.audit.col.who')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {tabText('staff.audit.col.what')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {tabText('staff.audit.record')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {tabText('staff.audit.col.fields')}
                </th>
                <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {tabText('staff.audit.col.address')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((row) => {
                const tab = TAB_OF[row.entity as AuditEntity];
                const name = recordName(row);
                return (
                  <tr key={row.id} className="align-top">
                    <td className="whitespace-nowrap px-3 py-2">{formatDateTime(row.at)}</td>
                    <td className="px-3 py-2">{row.actorName}</td>
                    <td className="px-3 py-2">
                      {ACTION_LABELS[row.action] ?? row.action} <span className="text-stone-500">· {entityText(row.entity)}</span>
                    </td>
                    <td className="px-3 py-2">
                      {tab && row.action !== 'delete' ? (
                        <Link to="/admin" search={{ tab }} className={cn(INLINE_TARGET, 'text-brand-800')}>
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                      {row.record.child && (
                        <span className="block text-xs text-stone-600">
                          {staffText('staff.audit.forChild', { child: row.record.child })}
                        </span>
                      )}
                      {row.entityId && (
                        <button
                          type="button"
                          className={cn(INLINE_TARGET, 'ml-2 text-xs text-stone-600')}
                          onClick={() => showRecord(row)}
                          aria-label={tabText('staff.audit.historyOf', { name })}
                        >
                          {tabText('staff.audit.history')}
                        </button>
                      )}
                    </td>
                    <td className="max-w-xs break-words px-3 py-2 text-stone-700">{auditFieldsText(row.fields, row.before)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-stone-500">{row.address}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4 flex justify-center">
        <LoadMoreButton query={log} label={tabText('staff.audit.loadOlder')} words={staffLoadMoreWords()} />
      </div>
    </section>
  );
}
