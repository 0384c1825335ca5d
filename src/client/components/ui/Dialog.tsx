import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, type ButtonVariant } from './Button';
import { cn } from './cn';
import { keepFocusNear, useFocusAfterClose } from './focus-after-close';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** The close button's name, from the caller's catalogue: the staff area's, or the portal's in the parent's language. */
  closeLabel: string;
}

/**
 * A modal dialog: focus is trapped and restored, Escape closes it, the title names it. Focus goes back to the control
 * that opened it, or to its section's heading when that control went meanwhile (the item deleted elsewhere).
 */
export function Dialog({ isOpen, onOpenChange, title, description, children, size = 'md', role = 'dialog', closeLabel }: DialogProps) {
  useFocusAfterClose(isOpen);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 p-0 sm:items-center sm:p-4"
    >
      <Modal
        className={cn(
          'max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:rounded-2xl',
          size === 'md' && 'sm:max-w-lg',
          size === 'lg' && 'sm:max-w-2xl',
          size === 'xl' && 'sm:max-w-4xl',
        )}
      >
        <AriaDialog role={role} className="relative p-5 outline-none sm:p-6">
          {({ close }) => (
            <>
              <div className="mb-4 flex items-start justify-between gap-4">
                <div>
                  <Heading slot="title" className="text-lg font-bold text-stone-900">
                    {title}
                  </Heading>
                  {description && <div className="mt-1 text-sm text-stone-600">{description}</div>}
                </div>
                <Button variant="ghost" size="sm" aria-label={closeLabel} onPress={close} className="-mr-2 -mt-1">
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </div>
              {children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  /** The words of its buttons and its close button, from the caller's catalogue (the staff area's: `staff.delete`...). */
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** `danger` (the default) for a delete; `primary` for a step that destroys nothing, such as e-mailing a family. */
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  isPending?: boolean;
}

/** The confirm prompt before a delete (docs/product.md §2 and §5) or another step that cannot be taken back. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  closeLabel,
  confirmVariant = 'danger',
  onConfirm,
  isPending,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} role="alertdialog" closeLabel={closeLabel}>
      <p className="text-sm text-stone-700">{message}</p>
      <div className={cn(DIALOG_FOOTER, 'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')}>
        <Button variant="outline" onPress={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onPress={onConfirm} isDisabled={isPending} needsNetwork>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The footer of a dialog's buttons: it stays at the bottom of the dialog while a long form scrolls under it, so
 * Save is never below the visible area (a 1366x768 screen showed half of Edit Child). Reaches the dialog's edges.
 */
export const DIALOG_FOOTER = 'sticky bottom-0 z-10 -mx-5 -mb-5 border-t border-stone-200 bg-white px-5 py-3 sm:-mx-6 sm:-mb-6 sm:px-6';

/** A form dialog's two buttons: Cancel and the submit button (stacked on phones with the submit on top). */
export function DialogActions({
  onCancel,
  isDisabled,
  children,
  className,
  cancelLabel,
}: {
  onCancel: () => void;
  isDisabled?: boolean;
  /** Its Cancel button's word, from the caller's catalogue. */
  cancelLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn(DIALOG_FOOTER, 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button variant="outline" onPress={onCancel}>
        {cancelLabel}
      </Button>
      {/* Disabled while it sends, it would drop focus to <body>: focus comes back to it, or after it, when it can take it. */}
      <Button type="submit" isDisabled={isDisabled} onPress={(e) => keepFocusNear(e.target)}>
        {children}
      </Button>
    </div>
  );
}
