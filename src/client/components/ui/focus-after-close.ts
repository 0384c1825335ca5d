import { useEffect, useState } from 'react';

const HEADING = 'h1, h2, h3';

/**
 * Where focus goes once a confirmation has closed: back to the control that opened it, as React Aria does,
 * also when that control could not take it at once (a select disabled while its change is sent: focus then fell to
 * <body>), and, when the control is gone (the item deleted), to the heading of its section, which takes the place of
 * the item as the keyboard's. The outcome itself is said by the toast's live region.
 *
 * Watches the page until the person acts again (a key or a pointer), so a list refreshed a moment later is covered.
 */
export function useFocusAfterClose(isOpen: boolean): void {
  // Noted in the render that opens the dialog, before the dialog takes focus, with its section: a control gone by
  // the time the dialog closes is in none.
  const [opener, setOpener] = useState<{ control: HTMLElement; section: HTMLElement | null } | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      const control = openerOf(document.activeElement);
      setOpener(control && { control, section: sectionOf(control) });
    }
  }
  // Run when the dialog closes, and when it goes while open (a dialog drawn only while open closes so).
  const openedBy = isOpen ? opener : null;
  useEffect(
    () => () => {
      if (openedBy) watchFocus(openedBy.control, undefined, openedBy.section);
    },
    [openedBy],
  );
}

/**
 * Keeps focus on a control that a step it started disables or replaces (a select disabled while its change is
 * sent, a button that turns into another, a dialog opened after a request): whenever focus falls to <body>, it goes
 * back to `from` once `from` can take it, or, when `from` is gone, to `instead()` (for example its card's heading) or
 * the heading of its section. Until the person acts again (a key or a pointer).
 */
export function keepFocusNear(from: Element | null, instead?: () => HTMLElement | null): void {
  if (from instanceof HTMLElement && from !== document.body) watchFocus(from, instead);
}

/** The control that has focus now (a select's button when focus is on a choice in its popup), or null. */
export function focusedControl(): HTMLElement | null {
  return openerOf(document.activeElement);
}

const sectionOf = (control: HTMLElement) => control.closest<HTMLElement>('section, [role="tabpanel"], main');

/** Puts focus back on `from`, or in its place, whenever it falls to <body>, until the person acts again. */
function watchFocus(from: HTMLElement, instead?: () => HTMLElement | null, section = sectionOf(from)): void {
  const lost = () => !document.activeElement || document.activeElement === document.body;
  function place() {
    if (!lost()) return;
    if (from.isConnected) {
      if (!from.matches(':disabled')) from.focus();
      return;
    }
    const other = instead?.();
    const target = other?.isConnected ? other : section?.isConnected ? (section.querySelector<HTMLElement>(HEADING) ?? section) : null;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
    stop();
  }
  const observer = new MutationObserver(() => place());
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  function stop() {
    observer.disconnect();
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  }
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  // Not stopped when the component goes: the deleted item may be the one that held the dialog.
  requestAnimationFrame(place);
}

/**
 * The control that opened the dialog: the focused one, or, when that is a choice in a select's or a menu's popup
 * (which closes with it), the button that popup belongs to.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const popup = active.closest('[role="listbox"], [role="menu"]');
  if (!popup?.id) return active;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(popup.id)}"]`) ?? active;
}
