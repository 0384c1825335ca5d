import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { toast } from '~/client/lib/toast';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Dialog';
import { staffText } from './staff-words';

/** The director's reset of another staff member's second factor (a lost phone, ADR 102): audited; their sessions end. */
export function StaffFactorReset({ staff }: { staff: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const reset = useMutation(
    trpc.staffMfa.reset.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        toast({ title: staffText('staff.mfa.resetDone') });
      },
      onError: (e) =>
        toast({
          title: staffText('staff.mfa.failed'),
          description: errorMessage(e, staffText('staff.mfa.failed')),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        {staffText('staff.mfa.reset')}
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={staffText('staff.mfa.reset')}
        message={staffText('staff.mfa.resetConfirm', { name: staff.name })}
        confirmLabel={staffText('staff.mfa.reset')}
        onConfirm={() => reset.mutate({ id: staff.id })}
        isPending={reset.isPending}
      />
    </>
  );
}
