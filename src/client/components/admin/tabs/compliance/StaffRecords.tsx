import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Card } from '~/client/components/ui/Card';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { ListState } from '../../PanelHeader';
import { tabText } from '../tab-words';

type StaffRecord = RouterOutputs['compliance']['staffRecords'][number];
const DATES = [
  ['backgroundCheckDate', 'staff.records.backgroundCheck'],
  ['firstAidExpires', 'staff.records.firstAid'],
  ['cprExpires', 'staff.records.cpr'],
  ['communicableDiseaseExpires', 'staff.records.communicableDisease'],
  ['childAbuseExpires', 'staff.records.childAbuse'],
] as const;
type DateField = (typeof DATES)[number][0];

/** The Staff tab's staff records (director, ADR 094): background check, credentials' expiry, training hours. */
export function StaffRecords() {
  const records = useQuery({ ...trpc.compliance.staffRecords.queryOptions(), staleTime: 0 });
  const [editing, setEditing] = useState<StaffRecord | null>(null);
  const list = records.data ?? [];
  return (
    <section aria-labelledby="staff-records-heading" className="mt-8">
      <h3 id="staff-records-heading" className="text-lg font-semibold text-stone-900">
        {tabText('staff.records.title')}
      </h3>
      <p className="mb-2 text-sm text-stone-600">{tabText('staff.records.description')}</p>
      <ListState isPending={records.isPending} error={records.error} isEmpty={list.length === 0} empty={tabText('staff.notRecorded')} />
      <ul className="grid gap-2 md:grid-cols-2">
        {list.map((r) => (
          <li key={r.staffId}>
            <Card className="flex items-center justify-between gap-2 p-3 text-sm">
              <span>
                <strong>{r.name}</strong>{' '}
                {tabText('staff.records.summary', { check: r.backgroundCheckDate ?? tabText('staff.notRecorded'), hours: r.trainingHours })}
              </span>
              <Button variant="outline" aria-label={tabText('staff.editItem', { item: r.name })} onPress={() => setEditing(r)}>
                {tabText('staff.edit')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      {editing && <StaffRecordDialog record={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function StaffRecordDialog({ record, onClose }: { record: StaffRecord; onClose: () => void }) {
  const [dates, setDates] = useState<Record<DateField, string>>({
    backgroundCheckDate: record.backgroundCheckDate ?? '',
    firstAidExpires: record.firstAidExpires ?? '',
    cprExpires: record.cprExpires ?? '',
    communicableDiseaseExpires: record.communicableDiseaseExpires ?? '',
    childAbuseExpires: record.childAbuseExpires ?? '',
  });
  const [hours, setHours] = useState(String(record.trainingHours));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.compliance.updateStaffRecord.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.compliance.pathFilter());
        toast({ title: tabText('staff.records.saved') });
        onClose();
      },
      onError: (e) => setError(errorMessage(e, tabText('staff.tryAgain'))),
    }),
  );
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.records.editOf', { name: record.name })}
    >
      <Form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          save.mutate({ staffId: record.staffId, ...dates, trainingHours: Number(hours) });
        }}
      >
        {DATES.map(([field, label]) => (
          <TextField
            key={field}
            label={tabText(label)}
            type="date"
            value={dates[field]}
            onChange={(v) => setDates({ ...dates, [field]: v })}
          />
        ))}
        <TextField label={tabText('staff.records.trainingHours')} inputMode="numeric" value={hours} onChange={setHours} />
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        {/* DialogActions draws the submit button itself: its children are the button's words. */}
        <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={save.isPending}>
          {save.isPending ? tabText('staff.saving') : tabText('staff.saveChanges')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
