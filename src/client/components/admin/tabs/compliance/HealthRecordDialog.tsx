import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { IMMUNIZATION_STATUSES } from '~/shared/compliance-rules';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { tabText } from '../tab-words';

const NONE = '__none__';

/** The director's form of a child's health record: the exam, the immunizations, the care plan, and the files on file. */
export function HealthRecordDialog({ childId, childName, onClose }: { childId: string; childName: string; onClose: () => void }) {
  const record = useQuery({ ...trpc.health.get.queryOptions(childId), staleTime: 0 });
  const data = record.data;
  if (!data) return null;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={tabText('staff.compliance.healthOf', { child: childName })} size="lg">
      <HealthForm key={String(data.updatedAt)} record={data} onClose={onClose} />
    </Dialog>
  );
}

type HealthRecord = RouterOutputs['health']['get'];

function HealthForm({ record, onClose }: { record: HealthRecord; onClose: () => void }) {
  const [examDate, setExamDate] = useState(record.medicalExamDate ?? '');
  const [examiner, setExaminer] = useState(record.examiner ?? '');
  const [immunizations, setImmunizations] = useState(record.immunizations ?? NONE);
  const [carePlanRequired, setCarePlanRequired] = useState(record.carePlanRequired);
  const [summary, setSummary] = useState(record.carePlanSummary ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.health.update.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.compliance.pathFilter());
        void queryClient.invalidateQueries(trpc.health.pathFilter());
        toast({ title: tabText('staff.compliance.saved') });
        onClose();
      },
      onError: (e) => setError(errorMessage(e, tabText('staff.tryAgain'))),
    }),
  );
  const files = [
    [tabText('staff.compliance.item.medical-statement'), record.files.medicalStatement],
    [tabText('staff.compliance.item.immunizations'), record.files.immunizations],
    [tabText('staff.compliance.item.care-plan'), record.files.carePlan],
  ] as const;
  return (
    <Form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate({
          id: record.childId,
          medicalExamDate: examDate || null,
          examiner: examiner || null,
          immunizations: immunizations === NONE ? null : (immunizations as (typeof IMMUNIZATION_STATUSES)[number]),
          carePlanRequired,
          carePlanSummary: summary || null,
        });
      }}
    >
      <ul className="flex flex-col gap-1 text-sm" aria-label={tabText('staff.compliance.filesOnFile')}>
        {files.map(([label, file]) => (
          <li key={label}>
            {label}:{' '}
            {file ? (
              <a className="text-teal-800 underline" href={file.url}>
                {tabText('staff.compliance.openFile')}
              </a>
            ) : (
              tabText('staff.compliance.noFile')
            )}
          </li>
        ))}
      </ul>
      <TextField label={tabText('staff.compliance.examDate')} type="date" value={examDate} onChange={setExamDate} />
      <TextField label={tabText('staff.compliance.examiner')} value={examiner} onChange={setExaminer} />
      <Select
        label={tabText('staff.compliance.item.immunizations')}
        value={immunizations}
        onChange={setImmunizations}
        options={[
          { value: NONE, label: tabText('staff.notRecorded') },
          ...IMMUNIZATION_STATUSES.map((v) => ({ value: v, label: tabText(`staff.compliance.immunizations.${v}`) })),
        ]}
      />
      <Checkbox isSelected={carePlanRequired} onChange={setCarePlanRequired}>
        {tabText('staff.compliance.carePlanRequired')}
      </Checkbox>
      <TextField label={tabText('staff.compliance.carePlanSummary')} multiline value={summary} onChange={setSummary} />
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <DialogActions onCancel={onClose} isDisabled={save.isPending}>
        <Button type="submit" isDisabled={save.isPending}>
          {save.isPending ? tabText('staff.saving') : tabText('staff.saveChanges')}
        </Button>
      </DialogActions>
    </Form>
  );
}
