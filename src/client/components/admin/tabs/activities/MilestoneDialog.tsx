import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { centreDateOf } from '~/shared/centre-time';
import { compareNames } from '~/shared/compare';
import { AGE_RANGES, CELEBRATION_LEVELS } from '~/shared/constants';
import { achievementSchema } from '~/shared/schemas/development';
import { trpc } from '~/client/lib/trpc';
import { useSchemaForm } from '~/client/lib/use-schema-form';
import { Checkbox } from '~/client/components/ui/Checkbox';
import { Dialog, DialogActions } from '~/client/components/ui/Dialog';
import { TextField } from '~/client/components/ui/Field';
import { Select } from '~/client/components/ui/Select';
import { useSaveDialog } from '../../useSaveDialog';
import { options, refresh } from './records';
import { tabText } from '../tab-words';

/** A milestone's age band in words (`staff.ageRange.*`); a band this page does not know, as it is. */
const ageRangeText = (range: string) =>
  (AGE_RANGES as readonly string[]).includes(range) ? tabText(`staff.ageRange.${range as (typeof AGE_RANGES)[number]}`) : range;

/** The milestone picker: youngest age band first, then by name, each with its age band as people write it. */
function milestoneOptions(list: readonly { id: string; name: string; ageRange: string }[]) {
  const rank = (range: string) => {
    const i = (AGE_RANGES as readonly string[]).indexOf(range);
    return i === -1 ? AGE_RANGES.length : i;
  };
  return [...list]
    .sort((a, b) => rank(a.ageRange) - rank(b.ageRange) || compareNames(a.name, b.name))
    .map((m) => ({ value: m.id, label: `${m.name} (${ageRangeText(m.ageRange)})` }));
}

export function MilestoneDialog({ childId, childName, onClose }: { childId: string; childName: string; onClose: () => void }) {
  const milestones = useQuery(trpc.milestones.list.queryOptions());
  const form = useSchemaForm(achievementSchema, {
    childId,
    milestoneId: '',
    achievedAt: centreDateOf(new Date()),
    notes: '',
    witnessedBy: '',
    celebrationLevel: 'standard',
    sharePublicly: false,
  } as {
    childId: string;
    milestoneId: string;
    achievedAt: string;
    notes: string;
    witnessedBy: string;
    celebrationLevel: string;
    sharePublicly: boolean;
  });
  const { submit, isPending } = useSaveDialog({
    form,
    editing: false,
    create: {
      mutation: trpc.achievements.record.mutationOptions(),
      input: (data) => data,
      success: (result) => ({ title: tabText('staff.milestone.recorded'), description: tabText(result.notice.id, result.notice.values) }),
      failure: tabText('staff.milestone.failed'),
    },
    refresh,
    onClose,
  });
  const v = form.values;
  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.activities.recordMilestone')}
      description={tabText('staff.milestone.told', { child: childName })}
      size="lg"
    >
      <Form onSubmit={submit} validationBehavior="aria" id={form.formId} className="grid gap-4 sm:grid-cols-2">
        <Select
          placeholder={tabText('staff.select')}
          className="sm:col-span-2"
          label={tabText('staff.activities.milestone')}
          options={milestoneOptions(milestones.data ?? [])}
          value={v.milestoneId}
          onChange={form.set('milestoneId')}
          error={form.errors.milestoneId}
          required
        />
        <TextField
          label={tabText('staff.milestone.achievedOn')}
          type="date"
          value={v.achievedAt}
          onChange={form.set('achievedAt')}
          error={form.errors.achievedAt}
          required
        />
        <Select
          placeholder={tabText('staff.select')}
          label={tabText('staff.milestone.celebration')}
          options={options(CELEBRATION_LEVELS)}
          value={v.celebrationLevel}
          onChange={form.set('celebrationLevel')}
          error={form.errors.celebrationLevel}
        />
        <TextField
          label={tabText('staff.milestone.witnessedBy')}
          value={v.witnessedBy}
          onChange={form.set('witnessedBy')}
          error={form.errors.witnessedBy}
        />
        <TextField label={tabText('staff.field.notes')} value={v.notes} onChange={form.set('notes')} error={form.errors.notes} />
        <Checkbox className="sm:col-span-2" isSelected={v.sharePublicly} onChange={form.set('sharePublicly')}>
          {tabText('staff.milestone.share')}
        </Checkbox>
        <DialogActions cancelLabel={tabText('staff.cancel')} className="sm:col-span-2" onCancel={onClose} isDisabled={isPending}>
          {isPending ? tabText('staff.saving') : tabText('staff.activities.recordMilestone')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
