/**
 * The milestones page's own script (ADR 018). The server renders `/milestones` as a document: its filters are a
 * GET form and its tabs are links, which the server answers filtered and on that tab, so the page works before
 * and without this script. With it: a filter applies as soon as it is chosen, in place (lib/document-swap.ts); a
 * tab shows its panel at once (all three are in the page) and the arrow keys move between tabs
 * (components/ui/tab-keys.ts); plus the phone menu every page has (lib/document-behaviour.ts).
 */
import { listenForDocumentBehaviour } from './lib/document-behaviour';
import { listenToSwapForms } from './lib/document-swap';
import { listenToTabKeys } from './components/ui/tab-keys';

listenForDocumentBehaviour();
listenToTabKeys(document);
listenToSwapForms(document);

/** A tab followed with a plain click shows its panel in place, and the address says which (for Reload and sharing). */
document.addEventListener('click', (event) => {
  const tab = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-tab-links] a[role=tab]') : null;
  if (!tab || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const tabs = Array.from(tab.closest('[role=tablist]')!.querySelectorAll<HTMLAnchorElement>('a[role=tab]'));
  const panels = tabs.map((t) => document.getElementById(t.getAttribute('aria-controls') ?? ''));
  if (panels.some((p) => !p)) return;
  event.preventDefault();
  tabs.forEach((t, i) => {
    t.setAttribute('aria-selected', String(t === tab));
    panels[i]!.hidden = t !== tab;
  });
  // The filters, sent next, keep this tab (the first is the address without one).
  const field = document.querySelector<HTMLInputElement>('form[data-swap-form] input[name=tab]');
  const form = document.querySelector<HTMLFormElement>('form[data-swap-form]');
  const value = tab === tabs[0] ? '' : (tab.dataset.tab ?? '');
  if (field) field.value = value;
  else if (form && value) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name: 'tab', value }));
  history.replaceState(history.state, '', tab.href);
});

document.documentElement.dataset.appReady = 'true';
