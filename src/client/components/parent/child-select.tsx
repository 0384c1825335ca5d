import { lazy } from 'react';
import type * as SelectModule from '../ui/Select';
import type { SelectProps } from '../ui/Select';

let loaded: typeof SelectModule | undefined;

/**
 * The child select's code, shown only to a parent of several children: the rest never load the select and its
 * popover. The dashboard's route loads it before a server-rendered dashboard is hydrated, so the select a parent
 * sees works as soon as the page is marked ready: a tap on it before its code was there was lost.
 */
export const loadChildSelect = () => import('../ui/Select').then((m) => (loaded = m));

const LazySelect = lazy(() => loadChildSelect().then((m) => ({ default: m.Select })));

/** The select, rendered at once when its code is here, else when it arrives (inside the caller's Suspense). */
export function ChildSelect(props: SelectProps) {
  return loaded ? <loaded.Select {...props} /> : <LazySelect {...props} />;
}
