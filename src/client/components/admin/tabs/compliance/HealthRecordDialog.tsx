import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { IMMUNIZATION_STATUSES } from '~/shared/compliance-rules';
import { HEALTH_FILES, type HealthFile } from '~/shared/schemas/health';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, type RouterOutputs, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { INLINE_TARGET } from '~/client/components/ui/button-class';
import { cn } from '~/client/components/ui/cn';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { ScanFileInput, uploadScan } from '../paper-scan';
import { tabText } from '../tab-words';

const NONE = '__none__';

/** The director's form of a child's health record: the exam, the immunizations, the care plan, and the files on file. */
export function HealthRecordDialog({ childId, childName, onClose }: { childId: string; childName: string; onClose: () => void }) {
  const record = useQuery({ ...trpc.health.get.queryOptions(childId), staleTime: 0 });
  const data = record.data;
  if (!data) return null;
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.compliance.healthOf', { child: childName })}
      size="lg"
    >
      <PaperScan childId={childId} />
      <HealthForm key={String(data.updatedAt)} record={data} onClose={onClose} />
    </Dialog>
  );
}

type HealthRecord = RouterOutputs['health']['get'];

/** A signed paper form's scan (the medical statement, the immunization record or the care plan), filed for the child. */
function PaperScan({ childId }: { childId: string }) {
  const fileId = useId();
  const [kind, setKind] = useState<HealthFile>('medical-statement');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const add = useMutation(trpc.health.addFile.mutationOptions());
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      const documentUrl = await uploadScan(file);
      await add.mutateAsync({ childId, kind, documentUrl });
      toast({ title: tabText('staff.compliance.scanUploaded') });
      setFile(null);
      setInputKey((k) => k + 1);
      void queryClient.invalidateQueries(trpc.health.pathFilter());
    } catch (error) {
      toast({
        title: tabText('staff.compliance.scanFailed'),
        description: errorMessage(error, tabText('staff.tryAgain')),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="mb-4 flex flex-col gap-2 border-b border-stone-200 pb-4"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${fileId}-heading`}
    >
      <h3 id={`${fileId}-heading`} className="font-semibold text-stone-900">
        {tabText('staff.compliance.scanHeading')}
      </h3>
      <Select
        placeholder={tabText('staff.select')}
        label={tabText('staff.compliance.scanKind')}
        value={kind}
        onChange={(v) => setKind(v as HealthFile)}
        options={HEALTH_FILES.map((k) => ({ value: k, label: tabText(`staff.compliance.item.${k}`) }))}
      />
      <ScanFileInput label={tabText('staff.compliance.scanFile')} resetKey={inputKey} onChange={setFile} />
      <div>
        <Button type="submit" variant="outline" isDisabled={!file || busy}>
          {busy ? tabText('staff.compliance.uploadingScan') : tabText('staff.compliance.uploadScan')}
        </Button>
      </div>
    </form>
  );
}

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
              <a className={cn(INLINE_TARGET, 'text-teal-800')} href={file.url}>
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
        placeholder={tabText('staff.select')}
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
      {/* DialogActions' own button submits: a button inside it would be a button in a button. */}
      <DialogActions cancelLabel={tabText('staff.cancel')} onCancel={onClose} isDisabled={save.isPending}>
        {save.isPending ? tabText('staff.saving') : tabText('staff.saveChanges')}
      </DialogActions>
    </Form>
  );
}
