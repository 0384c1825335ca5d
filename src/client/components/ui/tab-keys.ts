/**
 * The arrow keys of a list of tabs that are links (`[role=tablist][data-tab-links]`), in plain DOM, listened for on
 * the document (ADR 018): Left and Right move to the previous and next tab (round), Home and End to the first and
 * last, and the tab reached is followed (clicked), as tabs that select on focus do. The same code on a page served
 * as a document and on a page the app renders.
 */
export function listenToTabKeys(doc: Document): void {
  doc.addEventListener('keydown', (event) => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[role=tablist][data-tab-links] [role=tab]') : null;
    if (!tab || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const tabs = Array.from(tab.closest('[role=tablist]')!.querySelectorAll<HTMLElement>('[role=tab]'));
    const at = tabs.indexOf(tab);
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!;
    next.focus();
    next.click();
  });
}
