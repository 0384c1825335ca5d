import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastQueue } from '../../lib/toast';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

// True from the first toast on: the region stays once it is loaded.
let toastShown = false;
const neededNow = () => (toastShown ||= toastQueue.visibleToasts.length > 0);
const subscribe = (onChange: () => void) => toastQueue.subscribe(onChange);
const neverOnTheServer = () => false;

/**
 * The toast region, loaded with the first toast. React Aria's region renders nothing while no toast is shown, so
 * mounting it then changes nothing a person sees or hears; loading it with every page cost ~10 KB compressed of
 * React Aria on pages that never show a toast (the home page). Once loaded it stays.
 */
export function ToasterWhenNeeded() {
  const needed = useSyncExternalStore(subscribe, neededNow, neverOnTheServer);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
