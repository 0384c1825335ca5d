/**
 * Runs the code of the page the app is about to draw or adopt, one chunk per task, before the router asks for it
 * (ADR 011, sixth addendum). Asked for by the router, a route's chunk runs with every chunk it imports in a single
 * task: on `/enrollment` (the form, its fields, zod and the dialogs) 19-35 ms of a desktop's CPU, four times that
 * on Lighthouse's phone, where a tap waits for all of it. Run one at a time, each after the chunks it imports
 * (the server lists them in that order: pages/preload.ts), no single task holds the phone for long, and the
 * router then finds the code it asks for ready. What the page runs, and in what order, is unchanged: only where
 * the tasks end.
 */

/** Ends the current task: what follows runs in a new one, after the browser has handled a tap or drawn. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  // A message, not a timer: browsers hold a timer set from a timer's callback back to 4 ms after a few.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The page's chunks in the order their code runs: as the boot script of a server-drawn page names them
 * (pages/boot.ts), or as the head of a page the browser draws preloads them.
 */
export function pageChunks(doc: Document): string[] {
  const boot = doc.querySelector<HTMLScriptElement>('script[data-entry]');
  if (boot) return (boot.dataset.preload ?? '').split(' ').filter(Boolean);
  return Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.getAttribute('href') ?? '').filter(Boolean);
}

/**
 * Runs each of `chunks` in turn, a task each. A chunk that cannot be loaded stops it there: the router asks for
 * it again and shows what went wrong, as it would have without this.
 */
export async function runPageCode(chunks: readonly string[], load: (href: string) => Promise<unknown> = (href) => import(/* @vite-ignore */ href), next: () => Promise<void> = yieldToBrowser): Promise<void> {
  for (const href of chunks) {
    try {
      await load(href);
    } catch {
      return;
    }
    await next();
  }
}
