import { type ComponentType, lazy } from 'react';
import type { SelectProps } from '../ui/Select';

let loaded: ComponentType<SelectProps> | undefined;

/**
 * The child select's code, shown only to a parent of several children: the rest never load the select and its
 * popover. The dashboard's route loads it before a server-rendered dashboard is hydrated, so the select a parent
 * sees works as soon as the page is marked ready: a tap on it before its code was there was lost. It comes with
 * React Aria's locale provider, in the portal's language (aria-locale.tsx, ADR 108).
 */
export const loadChildSelect = () =>
  Promise.all([import('../ui/Select'), import('./aria-locale')]).then(([m, aria]) => (loaded ??= aria.inPortalLocale(m.Select)));

const LazySelect = lazy(() => loadChildSelect().then((Select) => ({ default: Select })));

/** The select, rendered at once when its code is here, else when it arrives (inside the caller's Suspense). */
export function ChildSelect(props: SelectProps) {
  const Select = loaded;
  return Select ? <Select {...props} /> : <LazySelect {...props} />;
}
