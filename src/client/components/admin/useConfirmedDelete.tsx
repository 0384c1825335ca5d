import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type ToastContent, toast } from '../../lib/toast';
import { ConfirmDialog } from '../ui/Dialog';
import { tabText } from './tabs/tab-words';

type ToastText = Omit<ToastContent, 'variant'>;

export interface ConfirmedDeleteOptions<Item, Result, TError, Context> {
  /** The delete procedure's options, e.g. `trpc.events.delete.mutationOptions()`; it takes the item's id. */
  mutation: UseMutationOptions<Result, TError, string, Context>;
  /** The confirm dialog's title, e.g. 'Delete Event'. */
  title: string;
  message: ReactNode | ((item: Item) => ReactNode);
  /** The confirm button's word; the staff area's `staff.delete` when not given. */
  confirmLabel?: string;
  /** The toast after the delete (docs/product.md §8 wording). */
  success: (item: Item, result: Result) => ToastText;
  /** The toast when the delete fails, shown as destructive (docs/product.md §8 wording). */
  failure: (error: TError) => ToastText;
  /** Refreshes whatever showed the item. */
  onDeleted: () => void;
}

/**
 * The dashboard's "delete with a confirm dialog" flow: `request(item)` opens the dialog, confirming deletes the
 * item, toasts, closes the dialog and calls `onDeleted`; a failure toasts and leaves the dialog open.
 */
export function useConfirmedDelete<Item extends { id: string }, Result, TError, Context>({
  mutation,
  title,
  message,
  confirmLabel,
  success,
  failure,
  onDeleted,
}: ConfirmedDeleteOptions<Item, Result, TError, Context>): { request: (item: Item) => void; dialog: ReactNode } {
  const [item, setItem] = useState<Item | null>(null);
  const remove = useMutation(mutation);

  function confirm() {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: (result) => {
        toast(success(item, result));
        setItem(null);
        onDeleted();
      },
      onError: (error) => toast({ ...failure(error), variant: 'destructive' }),
    });
  }

  const dialog = (
    <ConfirmDialog
      isOpen={item !== null}
      onOpenChange={(open) => !open && setItem(null)}
      title={title}
      message={typeof message === 'function' ? item && message(item) : message}
      confirmLabel={confirmLabel ?? tabText('staff.delete')}
      cancelLabel={tabText('staff.cancel')}
      closeLabel={tabText('staff.close')}
      onConfirm={confirm}
      isPending={remove.isPending}
    />
  );
  return { request: setItem, dialog };
}
