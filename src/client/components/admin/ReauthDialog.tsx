import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { TextField } from '../ui/Field';
import { Dialog, DialogActions } from '../ui/Dialog';
import { focusedControl, keepFocusNear } from '../ui/focus-after-close';
import { staffText } from './staff-words';
import { tabText } from './tabs/tab-words';

/** The server's refusal of a second-factor change on a session that has not proved its person lately (ADR 102). */
const REAUTH_REQUIRED = 'error.reauthRequired';
const asksForPassword = (error: unknown) => (error as { data?: { messageId?: string } } | null)?.data?.messageId === REAUTH_REQUIRED;

/** A change waiting for the password: what to run again, where its failure goes, and where focus belongs after it. */
interface Waiting {
  action: () => Promise<unknown>;
  failed: (error: unknown) => void;
  from: HTMLElement | null;
  instead?: () => HTMLElement | null;
}

/**
 * Second-factor changes on a session older than ten minutes: `run(action)` runs it, and when the server answers that
 * it wants the password again, asks for it in a dialog (POST /api/admin/reauth) and runs the action once more. Any
 * other failure goes to `onError`. Render `dialog` beside the buttons that use `run`.
 *
 * Focus stays with the control that started the change (ui/focus-after-close.ts): while it is disabled during the
 * request, after the password dialog closes (cancelled, or the change made), and, when the change took the control
 * away (a factor removed), on `instead()` or the heading of its section, never on <body>, where Escape no longer
 * reaches the dialog around it.
 */
export function useRecentProof(onError: (error: unknown) => void): {
  run: (action: () => Promise<unknown>, failed?: (error: unknown) => void, instead?: () => HTMLElement | null) => Promise<void>;
  dialog: ReactNode;
} {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const attempt = async (next: Waiting) => {
    keepFocusNear(next.from, next.instead);
    try {
      await next.action();
    } catch (error) {
      if (asksForPassword(error)) setWaiting(next);
      else next.failed(error);
    }
  };
  const run = (action: () => Promise<unknown>, failed = onError, instead?: () => HTMLElement | null) =>
    attempt({ action, failed, from: focusedControl(), instead });
  const dialog = (
    <ReauthDialog
      isOpen={waiting !== null}
      onOpenChange={(open) => {
        if (open) return;
        keepFocusNear(waiting?.from ?? null, waiting?.instead);
        setWaiting(null);
      }}
      onProved={() => {
        const next = waiting;
        setWaiting(null);
        if (next) void attempt(next);
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
  const form = useRef<HTMLFormElement>(null);
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
    // A refused password is said at the field, which takes focus to try again (Continue is disabled while sending).
    reauth.mutate({ password }, { onError: () => form.current?.querySelector('input')?.focus() });
  }
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      closeLabel={staffText('staff.close')}
      title={tabText('staff.mfa.reauthTitle')}
      description={tabText('staff.mfa.reauthIntro')}
    >
      <Form ref={form} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <TextField
          label={tabText('staff.mfa.reauthPassword')}
          autoFocus
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
