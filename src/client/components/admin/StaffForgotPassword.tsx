import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { forgotPasswordSchema } from '~/shared/schemas/auth';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { staffText } from './staff-words';

/** 'Forgot your password?' on /admin/login: the same answer whether or not the e-mail has a staff account. */
export function StaffForgotPassword({ initialEmail }: { initialEmail: string }) {
  const { values, set, errors, parse } = useSchemaForm(forgotPasswordSchema, { email: initialEmail });
  const request = useMutation(
    trpc.adminAuth.forgotPassword.mutationOptions({
      onError: (error) =>
        toast({
          title: staffText('staff.forgot.failed'),
          description: errorMessage(error, staffText('staff.tryAgain')),
          variant: 'destructive',
        }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const data = parse();
    if (data) request.mutate(data);
  }
  if (request.data) {
    return (
      // In place of the form and its focused button: focus goes to the answer.
      <p
        role="status"
        tabIndex={-1}
        ref={(el) => el?.focus()}
        className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900 outline-none"
      >
        {staffText(request.data.notice.id, request.data.notice.values)}
      </p>
    );
  }
  return (
    <Form
      method="post"
      onSubmit={submit}
      validationBehavior="aria"
      aria-label={staffText('staff.forgot.form')}
      className="mt-3 flex flex-col gap-3 rounded-lg border border-stone-200 p-4"
    >
      <p className="text-sm text-stone-700">{staffText('staff.forgot.intro')}</p>
      <TextField
        label={staffText('staff.forgot.email')}
        type="email"
        name="reset-email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <Button type="submit" variant="secondary" isDisabled={request.isPending}>
        {request.isPending ? staffText('staff.sending') : staffText('staff.forgot.send')}
      </Button>
    </Form>
  );
}
