import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import type { CentreProfile } from '~/shared/centre-profile';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { ListState, PanelHeader } from '../PanelHeader';
import { HoursFields } from './settings/HoursFields';
import { LogoField } from './settings/LogoField';
import { type ProgramDraft, programsOf, ProgramsFields } from './settings/ProgramsFields';
import { tabText } from './tab-words';
import { BillingSettingsFields } from './BillingSettingsFields';

/** The fields this form edits, as typed. */
type Draft = {
  name: string;
  shortName: string;
  phone: string;
  secondPhone: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  timeZone: string;
  licensingState: string;
  licenceNumber: string;
  taxId: string;
};

const draftOf = (p: CentreProfile): Draft => ({
  name: p.name,
  shortName: p.shortName,
  phone: p.phone,
  secondPhone: p.secondPhone ?? '',
  email: p.email,
  street: p.address.street,
  city: p.address.city,
  state: p.address.state,
  zip: p.address.zip,
  timeZone: p.timeZone,
  licensingState: p.licensingState,
  licenceNumber: p.licenceNumber ?? '',
  taxId: p.taxId,
});

/** The field a server message names (`address.zip`) as this form's own name (`zip`). */
const fieldOf = (path: string) => (path.startsWith('address.') ? path.slice('address.'.length) : path);

/**
 * The Settings tab (director): the centre's profile (ADR 090), validated by the server with the shared schema
 * (shared/centre-profile.ts), its messages shown beside their fields. A change shows on the site's next page load.
 */
export default function SettingsTab() {
  const profile = useQuery({ ...trpc.centre.profile.queryOptions(), staleTime: 0 });
  if (!profile.data)
    return <ListState isPending={profile.isPending} error={profile.error} isEmpty={false} empty={tabText('staff.settings.loading')} />;
  return <SettingsForm key={JSON.stringify(profile.data)} profile={profile.data} />;
}

function SettingsForm({ profile }: { profile: CentreProfile }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [hours, setHours] = useState(profile.hours);
  const [programs, setPrograms] = useState<ProgramDraft[]>(() =>
    profile.programs.map((p) => ({ id: p.id, fromMonths: String(p.fromMonths), toMonths: String(p.toMonths) })),
  );
  const save = useMutation(
    trpc.centre.update.mutationOptions({
      onSuccess: () => {
        setErrors({});
        toast({ title: tabText('staff.settings.saved'), description: tabText('staff.settings.savedText') });
        void queryClient.invalidateQueries(trpc.centre.pathFilter());
        void queryClient.invalidateQueries(trpc.auditLog.pathFilter());
      },
      onError: (error) => {
        const fields = (error.data as { fieldErrors?: Record<string, string> | null } | undefined)?.fieldErrors ?? null;
        if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [fieldOf(k), v])));
        else
          toast({
            title: tabText('staff.settings.failed'),
            description: errorMessage(error, tabText('staff.settings.failed')),
            variant: 'destructive',
          });
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({
      name: draft.name,
      shortName: draft.shortName,
      phone: draft.phone,
      secondPhone: draft.secondPhone,
      email: draft.email,
      address: { street: draft.street, city: draft.city, state: draft.state, zip: draft.zip },
      timeZone: draft.timeZone,
      licensingState: draft.licensingState,
      licenceNumber: draft.licenceNumber,
      taxId: draft.taxId,
      hours,
      programs: programsOf(programs),
    });
  }

  const field = (name: keyof Draft, label: string, required = true) => (
    <TextField
      name={name}
      label={label}
      required={required}
      value={draft[name]}
      onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
      error={errors[name]}
    />
  );

  return (
    <section aria-labelledby="settings-title">
      <PanelHeader id="settings-title" title={tabText('staff.settings.title')} description={tabText('staff.settings.description')} />
      <Card className="p-4">
        <Form onSubmit={submit} validationBehavior="aria" className="grid gap-4 sm:grid-cols-2">
          {field('name', tabText('staff.settings.name'))}
          {field('shortName', tabText('staff.settings.shortName'))}
          {field('phone', tabText('staff.settings.phone'))}
          {field('secondPhone', tabText('staff.settings.secondPhone'), false)}
          {field('email', tabText('staff.settings.email'))}
          {field('street', tabText('staff.settings.street'))}
          {field('city', tabText('staff.settings.city'))}
          {field('state', tabText('staff.settings.state'))}
          {field('zip', tabText('staff.settings.zip'))}
          {field('timeZone', tabText('staff.settings.timeZone'))}
          {field('licensingState', tabText('staff.settings.licensingState'))}
          {field('licenceNumber', tabText('staff.settings.licenceNumber'), false)}
          {field('taxId', tabText('staff.settings.taxId'))}
          <HoursFields value={hours} onChange={setHours} errors={errors} />
          <ProgramsFields value={programs} onChange={setPrograms} errors={errors} />
          <LogoField logo={profile.logo} />
          <div className="sm:col-span-2">
            <Button type="submit" isDisabled={save.isPending}>
              {save.isPending ? tabText('staff.settings.saving') : tabText('staff.settings.save')}
            </Button>
          </div>
        </Form>
      </Card>
      <BillingSettingsFields profile={profile} />
    </section>
  );
}
