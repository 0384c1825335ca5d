import { useEffect, useRef, useSyncExternalStore } from 'react';

/** The signed-in area's own Sign Out, offered in the site header's phone menu: its words and its code. */
export interface HeaderSignOut {
  label: string;
  run: () => void;
}

let offered: HeaderSignOut | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function offer(next: HeaderSignOut | null) {
  offered = next;
  listeners.forEach((l) => l());
}

/** What the header's phone menu offers to sign out with (none on the server, nor on a page nobody is signed in to). */
export function useHeaderSignOut(): HeaderSignOut | null {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
}

/**
 * Offers the page's Sign Out (the same function its own button calls: it clears what is kept of the person, as
 * that button does) in the header's phone menu while `label` is given, that is while someone is signed in.
 */
export function useOfferSignOut(label: string | null, run: () => unknown): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (label === null) return;
    const mine = { label, run: () => void latest.current() };
    offer(mine);
    return () => {
      if (offered === mine) offer(null);
    };
  }, [label]);
}
