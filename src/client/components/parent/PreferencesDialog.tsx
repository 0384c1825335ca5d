import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { Language, MessageEmails, Preferences } from '~/shared/schemas/preferences';
import { portalIntl, usePortalIntl } from '../../i18n';
import { loadCatalogue } from '~/shared/i18n/registry';
import { loadPortalCatalogue } from '../../lib/portal-catalogue';
import { toast } from '../../lib/toast';
import { queryClient, trpc } from '../../lib/trpc';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { cn } from '../ui/cn';
import { Dialog, DIALOG_FOOTER } from '../ui/Dialog';
import { preferencesQuery } from './queries';

/** Each language is named in itself, so a parent finds theirs whatever the portal is in now. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

function Choice({ value, children }: { value: string; children: string }) {
  return (
    <Radio
      value={value}
      className="group flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-stone-800 data-[hovered]:bg-stone-50"
    >
      <span
        aria-hidden="true"
        className="flex size-5 shrink-0 items-center justify-center rounded-full border border-stone-400 bg-white group-data-[selected]:border-brand-700 group-data-[focus-visible]:ring-3 group-data-[focus-visible]:ring-brand-500/50"
      >
        <span className="hidden size-2.5 rounded-full bg-brand-700 group-data-[selected]:block" />
      </span>
      {children}
    </Radio>
  );
}

/**
 * The parent's own choices: the portal's language (its e-mails and PDFs too), how messages from the
 * centre are e-mailed, and the end-of-day summary. Saved with `PATCH /api/parent/preferences`; the portal
 * changes language as soon as the answer comes.
 */
export function PreferencesDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, callError } = usePortalIntl();
  const saved = useQuery({ ...preferencesQuery(), enabled: isOpen });
  const save = useMutation(
    trpc.parentPortal.updatePreferences.mutationOptions({
      onSuccess: async (answer) => {
        // The new language's words first, then the portal switches to them in one step.
        // The site header's words too (NavBar, shared/i18n/site-frame-*.ts), so the header and the portal change together.
        // And the dashboard's answer again: the server writes the centre's milestones in the parent's language.
        const dashboard =
          answer.language !== saved.data?.language && queryClient.invalidateQueries(trpc.parentPortal.dashboard.pathFilter());
        await Promise.all([loadPortalCatalogue(answer.language), loadCatalogue('siteFrame', answer.language), dashboard]);
        queryClient.setQueryData(preferencesQuery().queryKey, answer);
        onOpenChange(false);
        // Said in the language just chosen, as everything after it is.
        toast({ title: portalIntl(answer.language).t('portal.prefs.saved') });
      },
      onError: (error) => toast({ title: t('portal.prefs.failed'), description: callError(error, ''), variant: 'destructive' }),
    }),
  );
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('portal.prefs.title')}
      description={t('portal.prefs.description')}
      closeLabel={t('portal.close')}
    >
      {!saved.data ? (
        saved.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('portal.prefs.loadFailed')}
          </p>
        ) : (
          <p className="py-4 text-center text-sm text-stone-600">{t('portal.loading')}</p>
        )
      ) : (
        // The form starts from what is saved each time the dialog opens (a closed dialog's content is gone), and
        // again if the saved copy changes while it is open.
        <PreferencesForm
          key={JSON.stringify(saved.data)}
          saved={saved.data}
          isPending={save.isPending}
          onSave={(values) => save.mutate(values)}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function PreferencesForm({
  saved,
  isPending,
  onSave,
  onCancel,
}: {
  saved: Preferences;
  isPending: boolean;
  onSave: (values: Preferences) => void;
  onCancel: () => void;
}) {
  const { t } = usePortalIntl();
  const [values, setValues] = useState(saved);
  function submit(e: FormEvent) {
    e.preventDefault();
    onSave(values);
  }
  const groupLabel = 'mb-1 text-sm font-semibold text-stone-900';
  return (
    <Form onSubmit={submit} className="flex flex-col gap-5">
      <RadioGroup value={values.language} onChange={(v) => setValues({ ...values, language: v as Language })}>
        <Label className={groupLabel}>{t('portal.prefs.language')}</Label>
        {(['en', 'es'] as const).map((l) => (
          <Choice key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </Choice>
        ))}
      </RadioGroup>
      <RadioGroup value={values.messageEmails} onChange={(v) => setValues({ ...values, messageEmails: v as MessageEmails })}>
        <Label className={groupLabel}>{t('portal.prefs.messageEmails')}</Label>
        <Choice value="each">{t('portal.prefs.each')}</Choice>
        <Choice value="digest">{t('portal.prefs.digest')}</Choice>
        <Choice value="urgent_only">{t('portal.prefs.urgentOnly')}</Choice>
      </RadioGroup>
      <Checkbox isSelected={values.dailySummary} onChange={(dailySummary) => setValues({ ...values, dailySummary })}>
        {t('portal.prefs.dailySummary')}
      </Checkbox>
      <div className={cn(DIALOG_FOOTER, 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')}>
        <Button variant="outline" onPress={onCancel}>
          {t('portal.cancel')}
        </Button>
        <Button type="submit" isDisabled={isPending}>
          {isPending ? t('portal.saving') : t('portal.prefs.save')}
        </Button>
      </div>
    </Form>
  );
}
