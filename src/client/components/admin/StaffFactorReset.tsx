import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { toast } from '~/client/lib/toast';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Dialog';
import { useRecentProof } from './ReauthDialog';
import { tabText } from './tabs/tab-words';

/** The director's reset of another staff member's second factor (a lost phone, ADR 102): audited; their sessions end. */
export function StaffFactorReset({ staff }: { staff: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const reset = useMutation(
    trpc.staffMfa.reset.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        toast({ title: tabText('staff.mfa.resetDone') });
      },
    }),
  );
  // The director's own password again on a session older than ten minutes (ADR 102).
  const proof = useRecentProof((e) =>
    toast({ title: tabText('staff.mfa.failed'), description: errorMessage(e, tabText('staff.mfa.failed')), variant: 'destructive' }),
  );
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        {tabText('staff.mfa.reset')}
      </Button>
      <ConfirmDialog
        cancelLabel={tabText('staff.cancel')}
        closeLabel={tabText('staff.close')}
        isOpen={open}
        onOpenChange={setOpen}
        title={tabText('staff.mfa.reset')}
        message={tabText('staff.mfa.resetConfirm', { name: staff.name })}
        confirmLabel={tabText('staff.mfa.reset')}
        onConfirm={() => void proof.run(() => reset.mutateAsync({ id: staff.id }))}
        isPending={reset.isPending}
      />
      {proof.dialog}
    </>
  );
}
