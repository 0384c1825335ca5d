import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, Text, UNSTABLE_Toast as Toast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastRegion as ToastRegion } from 'react-aria-components';
import { toastQueue } from '../../lib/toast';
import { cn } from './cn';

/** The toast region: toasts are announced to screen readers, and F8 (SPEC.md §9) moves focus to the newest. */
export function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== 'F8') return;
      const toast = region.current?.querySelector<HTMLElement>('[role="alertdialog"]');
      if (toast) {
        e.preventDefault();
        toast.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <ToastRegion ref={region} aria-label="Notifications" queue={toastQueue} className="fixed right-4 bottom-4 left-4 z-[60] flex flex-col gap-2 outline-none sm:left-auto sm:w-96">
      {({ toast }) => (
        <Toast
          toast={toast}
          className={cn(
            'flex items-start gap-3 rounded-xl border p-4 shadow-lg outline-none focus-visible:ring-3 focus-visible:ring-brand-500/50',
            toast.content.variant === 'destructive' ? 'border-red-300 bg-red-50 text-red-900' : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          <ToastContent className="flex min-w-0 flex-1 flex-col gap-0.5">
            <Text slot="title" className="font-semibold">
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="text-sm opacity-90">
                {toast.content.description}
              </Text>
            )}
          </ToastContent>
          <Button slot="close" aria-label="Close" className="rounded-md p-1 outline-none hover:bg-black/5 focus-visible:ring-3 focus-visible:ring-brand-500/50">
            <X aria-hidden="true" className="size-4" />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
