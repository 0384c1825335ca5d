import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export interface ToastContent {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** SPEC.md §9: one toast at a time, shown for 5000 ms. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });

/** Shows a toast, replacing the one on screen (the newest message is the one that matters). */
export function toast(content: ToastContent): void {
  for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  toastQueue.add(content, { timeout: 5000 });
}
