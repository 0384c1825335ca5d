import { useMutation } from '@tanstack/react-query';
import { Check, Copy, RotateCcwKey, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { ConfirmDialog, Dialog } from '~/client/components/ui/Dialog';
import { credentialsNote } from '../../credentials-note';
import { type Child, type Credentials, TRY_AGAIN } from './records';

/** Copies `value`, saying so on the button for two seconds (a parent's credentials, a staff invitation link). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the text and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <Button variant="outline" size="sm" onPress={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * The parent's login: shown once when created or reset. For an existing account the password stays masked, and
 * staff may reset it (after a confirmation) when the parent never received it; the new one is shown the same way.
 */
export function CredentialsDialog({
  child,
  result,
  onReset,
  onClose,
}: {
  child: Child;
  result: Credentials;
  onReset: (result: Credentials) => void;
  onClose: () => void;
}) {
  const masked = result.isExisting;
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation(trpc.children.resetParentPassword.mutationOptions());

  function confirmReset() {
    reset.mutate(child.id, {
      onSuccess: (next) => {
        setConfirming(false);
        onReset(next);
        void queryClient.invalidateQueries(trpc.outbox.pathFilter());
      },
      onError: (error) =>
        toast({ title: 'Failed to reset the password.', description: errorMessage(error, TRY_AGAIN), variant: 'destructive' }),
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Parent Login Credentials"
      description={`Parent Portal account for ${child.childName}'s parent`}
    >
      <div className="flex flex-col gap-4">
        {masked ? (
          <div className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            <p>This parent already has an account and can use the existing password. Their children are linked to the same login.</p>
            <p>If the parent never received their password, you can give them a new one.</p>
            <Button variant="outline" size="sm" onPress={() => setConfirming(true)} className="self-start">
              <RotateCcwKey aria-hidden="true" className="size-4" />
              Reset Password
            </Button>
          </div>
        ) : (
          <p className="text-sm text-stone-700">{credentialsNote(result)}</p>
        )}
        <dl className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-stone-700">Email</dt>
            <dd className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
              <span className="font-mono text-sm break-all select-all" data-testid="credential-email">
                {result.credentials.email}
              </span>
              <CopyButton value={result.credentials.email} label="email" />
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-stone-700">Password</dt>
            <dd className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
              <span className="font-mono text-base break-all select-all" data-testid="credential-password">
                {result.credentials.password}
              </span>
              {!masked && <CopyButton value={result.credentials.password} label="password" />}
            </dd>
          </div>
        </dl>
        {!masked && (
          <p
            role={result.emailSent ? undefined : 'alert'}
            className={
              result.emailSent
                ? 'rounded-lg bg-green-50 p-3 text-sm text-green-900'
                : 'flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
            }
          >
            {!result.emailSent && <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />}
            <span>
              {result.message}
              {result.emailError ? ` ${result.emailError}` : ''}
            </span>
          </p>
        )}
        <div className="flex justify-end">
          <Button onPress={onClose}>Done</Button>
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Reset Parent Password"
        message="This signs the parent out everywhere and e-mails a new password."
        confirmLabel={reset.isPending ? 'Resetting...' : 'Reset Password'}
        onConfirm={confirmReset}
        isPending={reset.isPending}
      />
    </Dialog>
  );
}
