import { lazy, Suspense, useEffect, useState } from 'react';
import { toastQueue } from '../../lib/toast';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toast region, loaded with the first toast. React Aria's region renders nothing while no toast is shown, so
 * mounting it then changes nothing a person sees or hears; loading it with every page cost ~10 KB compressed of
 * React Aria on pages that never show a toast (the home page). Once loaded it stays.
 */
export function ToasterWhenNeeded() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toastQueue.visibleToasts.length > 0) setNeeded(true);
    return toastQueue.subscribe(() => setNeeded(true));
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
