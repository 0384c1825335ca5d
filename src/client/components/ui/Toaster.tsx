import { X } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  type QueuedToast,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { hasSiteFrame, siteText } from '~/shared/i18n/registry';
import { documentLanguage } from '../../lib/portal-catalogue';
import { type ToastContent as Content, toastQueue } from '../../lib/toast';
import { useSwipeDismiss } from '../../lib/use-swipe-dismiss';
import { cn } from './cn';

/**
 * The toast region: toasts are announced to screen readers, and F8 (docs/product.md §9) moves focus to the newest.
 * A toast never covers the control just used: it goes to the top or the bottom edge, whichever is away from
 * it, below the header or above the Call / Apply bar (lib/toast.ts). A toast that covered a card's buttons or a
 * receipt's PDF link for 5 s swallowed the next click. From `sm` on it sits at the left, a dialog's buttons
 * being at its bottom right. Its names are in the page's language (its `<html lang>`: a Spanish page, the portal
 * in Spanish), from the site's catalogue (`nav.notifications`, `nav.close`), as the sign-in's own toasts are.
 */
/** The page's language, once its site words are at hand (a toast must never fail for want of them). */
const toastLanguage = () => (hasSiteFrame(documentLanguage()) ? documentLanguage() : 'en');

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
  const visible = useSyncExternalStore(
    (onChange) => toastQueue.subscribe(onChange),
    () => toastQueue.visibleToasts,
    () => toastQueue.visibleToasts,
  );
  const place = visible[0]?.content.place ?? { edge: 'bottom', offset: 16 };
  return (
    <ToastRegion
      ref={region}
      aria-label={siteText(toastLanguage(), 'nav.notifications')}
      queue={toastQueue}
      style={place.edge === 'top' ? { top: place.offset } : { bottom: place.offset }}
      className="fixed inset-x-2 z-[60] flex flex-col gap-2 outline-none sm:inset-x-auto sm:left-4 sm:w-96"
    >
      {({ toast }) => <SwipeableToast toast={toast} />}
    </ToastRegion>
  );
}

/** One toast: closed by its button, by Escape once focused, by its timeout, or by a swipe to the right. */
function SwipeableToast({ toast }: { toast: QueuedToast<Content> }) {
  const swipe = useSwipeDismiss(() => toastQueue.close(toast.key));
  return (
    <Toast
      toast={toast}
      {...swipe}
      className={cn(
        'flex touch-pan-y items-start gap-3 rounded-xl border p-4 shadow-lg outline-none select-none focus-visible:ring-3 focus-visible:ring-brand-500/50',
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
      <Button
        slot="close"
        aria-label={siteText(toastLanguage(), 'nav.close')}
        className="-m-2.5 flex size-11 shrink-0 items-center justify-center rounded-md outline-none hover:bg-black/5 focus-visible:ring-3 focus-visible:ring-brand-500/50"
      >
        <X aria-hidden="true" className="size-4" />
      </Button>
    </Toast>
  );
}
