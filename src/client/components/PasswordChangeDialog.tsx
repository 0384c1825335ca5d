import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { toast } from '~/client/lib/toast';
import { errorMessage } from '~/client/lib/trpc';
import { type ServerError, useSchemaForm } from '~/client/lib/use-schema-form';
import { PasswordField } from './PasswordField';
import { Button } from './ui/Button';
import { cn } from './ui/cn';
import { Dialog, DIALOG_FOOTER, DialogActions } from './ui/Dialog';

type PasswordChange = { currentPassword: string; newPassword: string };

/** The dialog's words, from the caller's catalogue: the staff area's, or the portal's in the parent's language (ADR 047). */
export interface PasswordChangeWords {
  title: string;
  description: string;
  current: string;
  new: string;
  changed: string;
  notChanged: string;
  tryAgain: string;
  saving: string;
  close: string;
  /** The Cancel button's word (with `withCancel`). */
  cancel: string;
  show: string;
  hide: string;
}

export interface PasswordChangeDialogProps<Result extends { message: string }, TError, Context> {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shared schema the server checks the change with (staff and parents have their own password rules). */
  schema: z.ZodType<PasswordChange, PasswordChange>;
  /** The change-password procedure's options, e.g. `trpc.parentAuth.changePassword.mutationOptions()`. */
  mutation: UseMutationOptions<Result, TError, PasswordChange, Context>;
  /** What a new password must be, under its field. */
  hint: string;
  /** A Cancel button beside the submit one (the dashboard's dialogs have one; the parent portal's has only submit). */
  withCancel?: boolean;
  words: PasswordChangeWords;
  /** What a refused change's toast says (the parent portal's, in the parent's language); errorMessage by default. */
  describeError?: (error: unknown, fallback: string) => string;
}

/**
 * Change one's own password while signed in: the current one and a new one, checked by `schema` here and on the
 * server; the caller's other sessions end (the server does it), this one stays. A refusal about a field is shown
 * at that field, anything else as a toast.
 */
export function PasswordChangeDialog<Result extends { message: string }, TError, Context>({
  isOpen,
  onOpenChange,
  schema,
  mutation,
  hint,
  withCancel = false,
  words,
  describeError = errorMessage,
}: PasswordChangeDialogProps<Result, TError, Context>) {
  const form = useSchemaForm(schema, { currentPassword: '', newPassword: '' });
  const change = useMutation({
    ...mutation,
    onSuccess: (result) => {
      toast({ title: words.changed, description: result.message });
      form.reset();
      onOpenChange(false);
    },
    onError: (error) => {
      if (!form.showServerErrors(error as ServerError))
        toast({ title: words.notChanged, description: describeError(error, words.tryAgain), variant: 'destructive' });
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const data = form.parse();
    if (data) change.mutate(data);
  }
  const submitLabel = change.isPending ? words.saving : words.title;
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={words.title} description={words.description} closeLabel={words.close}>
      <Form id={form.formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <PasswordField
          label={words.current}
          name="current-password"
          value={form.values.currentPassword}
          onChange={form.set('currentPassword')}
          error={form.errors.currentPassword}
          toggleLabels={words}
        />
        <PasswordField
          label={words.new}
          name="new-password"
          autoComplete="new-password"
          description={hint}
          value={form.values.newPassword}
          onChange={form.set('newPassword')}
          error={form.errors.newPassword}
          toggleLabels={words}
        />
        {withCancel ? (
          <DialogActions onCancel={() => onOpenChange(false)} isDisabled={change.isPending} cancelLabel={words.cancel}>
            {submitLabel}
          </DialogActions>
        ) : (
          <div className={cn(DIALOG_FOOTER, 'flex justify-end')}>
            <Button type="submit" isDisabled={change.isPending}>
              {submitLabel}
            </Button>
          </div>
        )}
      </Form>
    </Dialog>
  );
}
