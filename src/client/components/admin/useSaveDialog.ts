import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { type ToastContent, toast } from '~/client/lib/toast';
import { errorMessage } from '~/client/lib/trpc';
import type { ServerError } from '~/client/lib/use-schema-form';
import { staffText } from './staff-words';

type ToastText = Omit<ToastContent, 'variant'>;

/** One way a dialog saves: its procedure, the input it sends, and the toasts that follow (docs/product.md §8 wording). */
export interface SaveStep<Data, Input, Result, TError, Context> {
  /** The procedure's options, e.g. `trpc.events.create.mutationOptions()`. */
  mutation: UseMutationOptions<Result, TError, Input, Context>;
  /** The procedure's input made from the form's checked values. */
  input: (data: Data) => Input;
  /** The toast after the save. */
  success: (saved: Result) => ToastText;
  /** The title of the destructive toast when the save fails (its description is the server's message). */
  failure: string;
}

export interface SaveDialogOptions<Data, CI, CR, UI, UR, TError, Context> {
  /** The dialog's form (`useSchemaForm`): its check, and where the server's field messages go. */
  form: { parse: () => Data | null; showServerErrors: (error: ServerError) => boolean };
  /** True when the dialog edits an existing item (`update` saves it), false when it adds one (`create`). */
  editing: boolean;
  create: SaveStep<Data, CI, CR, TError, Context>;
  update?: SaveStep<Data, UI, UR, TError, Context>;
  /** Refreshes whatever lists show the items. */
  refresh: () => void;
  /** After a failed update, refresh as well: the item may have changed or gone meanwhile. */
  refreshAfterFailedUpdate?: boolean;
  onClose: () => void;
}

/**
 * The dashboard's add/edit dialog flow: submit checks the form with the shared schema, then creates or updates;
 * a save toasts, refreshes and closes the dialog; a failure shows the server's field messages at their fields and
 * a destructive toast, and leaves the dialog open.
 */
export function useSaveDialog<Data, CI, CR, UI, UR, TError, Context>({
  form,
  editing,
  create,
  update,
  refresh,
  refreshAfterFailedUpdate = false,
  onClose,
}: SaveDialogOptions<Data, CI, CR, UI, UR, TError, Context>) {
  const failed = (title: string, error: TError) => {
    form.showServerErrors(error as ServerError);
    toast({ title, description: errorMessage(error, staffText('staff.tryAgain')), variant: 'destructive' });
  };
  const saved = (content: ToastText) => {
    toast(content);
    refresh();
    onClose();
  };
  const creating = useMutation({
    ...create.mutation,
    onSuccess: (result) => saved(create.success(result)),
    onError: (error) => failed(create.failure, error),
  });
  // Without an update step the dialog only adds: a mutation that is never called.
  const updateStep = update ?? (create as unknown as SaveStep<Data, UI, UR, TError, Context>);
  const updating = useMutation({
    ...updateStep.mutation,
    onSuccess: (result) => saved(updateStep.success(result)),
    onError: (error) => {
      failed(updateStep.failure, error);
      if (refreshAfterFailedUpdate) refresh();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = form.parse();
    if (!data) return;
    if (editing && update) updating.mutate(update.input(data));
    else creating.mutate(create.input(data));
  }

  return { submit, isPending: creating.isPending || updating.isPending, isCreating: creating.isPending, isUpdating: updating.isPending };
}
