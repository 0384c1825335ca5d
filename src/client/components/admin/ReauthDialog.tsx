import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { TextField } from '../ui/Field';
import { Dialog, DialogActions } from '../ui/Dialog';
import { staffText } from './staff-words';
import { tabText } from './tabs/tab-words';

/** The server's refusal of a second-factor change on a session that has not proved its person lately (ADR 102). */
const REAUTH_REQUIRED = 'error.reauthRequired';
const asksForPassword = (error: unknown) => (error as { data?: { messageId?: string } } | null)?.data?.messageId === REAUTH_REQUIRED;

/**
 * Second-factor changes on a session older than ten minutes: `run(action)` runs it, and when the server answers that
 * it wants the password again, asks for it in a dialog (POST /api/admin/reauth) and runs the action once more. Any
 * other failure goes to `onError`. Render `dialog` beside the buttons that use `run`.
 */
export function useRecentProof(onError: (error: unknown) => void): {
  run: (action: () => Promise<unknown>, failed?: (error: unknown) => void) => Promise<void>;
  dialog: ReactNode;
} {
  const [waiting, setWaiting] = useState<{ action: () => Promise<unknown>; failed: (error: unknown) => void } | null>(null);
  const run = async (action: () => Promise<unknown>, failed = onError) => {
    try {
      await action();
    } catch (error) {
      if (asksForPassword(error)) setWaiting({ action, failed });
      else failed(error);
    }
  };
  const dialog = (
    <ReauthDialog
      isOpen={waiting !== null}
      onOpenChange={(open) => open || setWaiting(null)}
      onProved={() => {
        const next = waiting;
        setWaiting(null);
        if (next) void run(next.action, next.failed);
      }}
    />
  );
  return { run, dialog };
}

/** 'Your password, please': the password typed again, then the change that asked for it goes ahead. */
function ReauthDialog({
  isOpen,
  onOpenChange,
  onProved,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onProved: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reauth = useMutation(
    trpc.adminAuth.reauth.mutationOptions({
      onSuccess: () => {
        setPassword('');
        setError(undefined);
        onProved();
      },
      onError: (e) => setError(errorMessage(e, tabText('staff.mfa.failed'))),
    }),
  );
  const close = (open: boolean) => {
    if (!open) {
      setPassword('');
      setError(undefined);
    }
    onOpenChange(open);
  };
  function submit(e: FormEvent) {
    e.preventDefault();
    reauth.mutate({ password });
  }
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      closeLabel={staffText('staff.close')}
      title={tabText('staff.mfa.reauthTitle')}
      description={tabText('staff.mfa.reauthIntro')}
    >
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <TextField
          label={tabText('staff.mfa.reauthPassword')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
          required
        />
        <DialogActions onCancel={() => close(false)} cancelLabel={staffText('staff.cancel')} isDisabled={reauth.isPending || !password}>
          {tabText('staff.mfa.reauthContinue')}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
