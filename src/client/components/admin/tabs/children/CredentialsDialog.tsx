import { useMutation } from '@tanstack/react-query';
import { Check, Copy, RotateCcwKey, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { Button } from '~/client/components/ui/Button';
import { ConfirmDialog, Dialog } from '~/client/components/ui/Dialog';
import { credentialsNote } from '../../credentials-note';
import { tabText } from '../tab-words';
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
      toast({ title: tabText('staff.copy.failed'), description: tabText('staff.copy.byHand'), variant: 'destructive' });
    }
  }
  return (
    <Button
      variant="outline"
      size="sm"
      onPress={copy}
      aria-label={tabText(copied ? 'staff.copy.copiedLabel' : 'staff.copy.label', { label })}
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {tabText(copied ? 'staff.copy.copied' : 'staff.copy.copy')}
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
        toast({
          title: tabText('staff.credentials.resetFailed'),
          description: errorMessage(error, TRY_AGAIN),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Dialog
      closeLabel={tabText('staff.close')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={tabText('staff.credentials.title')}
      description={tabText('staff.credentials.accountFor', { child: child.childName })}
    >
      <div className="flex flex-col gap-4">
        {masked ? (
          <div className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
            <p>{tabText('staff.credentials.existing')}</p>
            <p>{tabText('staff.credentials.neverReceived')}</p>
            <Button variant="outline" size="sm" onPress={() => setConfirming(true)} className="self-start">
              <RotateCcwKey aria-hidden="true" className="size-4" />
              {tabText('staff.credentials.reset')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-stone-700">{credentialsNote(result)}</p>
        )}
        <dl className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-stone-700">{tabText('staff.field.email')}</dt>
            <dd className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
              <span className="font-mono text-sm break-all select-all" data-testid="credential-email">
                {result.credentials.email}
              </span>
              <CopyButton value={result.credentials.email} label={tabText('staff.credentials.emailLabel')} />
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-stone-700">{tabText('staff.credentials.password')}</dt>
            <dd className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
              <span className="font-mono text-base break-all select-all" data-testid="credential-password">
                {result.credentials.password}
              </span>
              {!masked && <CopyButton value={result.credentials.password} label={tabText('staff.credentials.passwordLabel')} />}
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
              {tabText(result.notice.id, result.notice.values)}
              {result.emailError ? ` ${result.emailError}` : ''}
            </span>
          </p>
        )}
        <div className="flex justify-end">
          <Button onPress={onClose}>{tabText('staff.invitationLink.done')}</Button>
        </div>
      </div>
      <ConfirmDialog
        cancelLabel={tabText('staff.cancel')}
        closeLabel={tabText('staff.close')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={tabText('staff.credentials.resetTitle')}
        message={tabText('staff.credentials.resetAsk')}
        confirmLabel={tabText(reset.isPending ? 'staff.credentials.resetting' : 'staff.credentials.reset')}
        onConfirm={confirmReset}
        isPending={reset.isPending}
      />
    </Dialog>
  );
}
