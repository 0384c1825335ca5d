import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { firstStartSetupSchema, STAFF_PASSWORD_MIN } from '~/shared/schemas/password-policy';
import { IncompleteLink, NewPasswordPage, tokenFromHash } from '~/client/components/NewPasswordPage';
import { PasswordField } from '~/client/components/PasswordField';
import { Button } from '~/client/components/ui/Button';
import { TextField } from '~/client/components/ui/Field';
import { staffPasswordToggle, staffText } from '~/client/components/admin/staff-words';
import { storeAdmin } from '../../lib/admin-session';
import { pageHead } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';

/** The form's own fields: the token comes from the link's fragment, not from a field. */
const setupFields = firstStartSetupSchema.omit({ token: true });

export const Route = createFileRoute('/admin/setup')({
  head: pageHead('Set Up Your Centre'),
  component: SetupPage,
});

/**
 * The first start's setup link (ADR 091): the director's name, e-mail and password create her account and sign
 * her in; she goes on to the dashboard's Settings tab. The server keeps the page out of every cache (no-store).
 */
function SetupPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const { values, set, errors, parse, showServerErrors, formId } = useSchemaForm(setupFields, { name: '', email: '', password: '' });
  const setup = useMutation(
    trpc.adminAuth.setup.mutationOptions({
      onSuccess: (result) => {
        storeAdmin(result.admin);
        toast({ title: staffText('staff.firstStart.done'), description: staffText('staff.firstStart.doneText') });
        // In place of the form: Back from the dashboard does not return to a used link.
        void navigate({ href: result.next, replace: true });
      },
      onError: (error) => {
        showServerErrors(error);
        toast({
          title: staffText('staff.firstStart.failed'),
          description: errorMessage(error, staffText('staff.tryAgain')),
          variant: 'destructive',
        });
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (data) setup.mutate({ token, ...data });
  }

  return (
    <NewPasswordPage title={staffText('staff.firstStart.title')}>
      {token ? (
        <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
          <p className="text-sm text-stone-700">{staffText('staff.firstStart.intro')}</p>
          <TextField
            label={staffText('staff.firstStart.name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            required
          />
          <TextField
            label={staffText('staff.firstStart.email')}
            type="email"
            name="email"
            autoComplete="username"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <PasswordField
            label={staffText('staff.firstStart.password')}
            name="new-password"
            autoComplete="new-password"
            description={staffText('staff.firstStart.passwordHint', { min: STAFF_PASSWORD_MIN })}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            toggleLabels={staffPasswordToggle()}
          />
          <Button type="submit" size="lg" isDisabled={setup.isPending}>
            {setup.isPending ? staffText('staff.firstStart.saving') : staffText('staff.firstStart.submit')}
          </Button>
        </Form>
      ) : (
        <IncompleteLink
          signInHref="/admin/login"
          text={staffText('staff.firstStart.incomplete')}
          goToSignIn={staffText('staff.firstStart.goToSignIn')}
        />
      )}
    </NewPasswordPage>
  );
}
