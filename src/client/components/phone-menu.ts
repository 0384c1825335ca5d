/**
 * What the phone menu (NavBar's PhoneMenu) does, in plain DOM, listened for on the document: the same code on a
 * page React has and on the home page, which is served as a document that no framework script hydrates (ADR 016).
 * The menu is a disclosure: its wrapper is marked `data-phone-menu`, its button says whether the list is open
 * (`aria-expanded`) and which list it controls (`aria-controls`). The button opens and closes it; following one of
 * its links closes it; so does a tap or click anywhere outside it (focus stays where that put it), and Escape,
 * which gives focus back to the button when it was in the menu or nowhere (a tap does not focus a button on iOS).
 */
const MENU = '[data-phone-menu]';

function buttonOf(menu: Element): HTMLButtonElement | null {
  return menu.querySelector<HTMLButtonElement>('button[aria-controls]');
}

function setOpen(button: HTMLButtonElement, open: boolean): void {
  const panel = button.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!panel) return;
  button.setAttribute('aria-expanded', String(open));
  panel.hidden = !open;
}

const isOpen = (button: HTMLButtonElement) => button.getAttribute('aria-expanded') === 'true';

/** Closes the phone menu `menu` (its `data-phone-menu` wrapper), if open: the page changed under it. */
export function closePhoneMenu(menu: Element): void {
  const button = buttonOf(menu);
  if (button && isOpen(button)) setOpen(button, false);
}

/**
 * Listens on `doc` for what opens and closes a phone menu. Call once per document. Leaving the page closes its
 * menus too: a page kept in the browser's back-forward cache (the home page, left by a link outside the menu)
 * would otherwise come back with its menu open.
 */
export function listenToPhoneMenus(doc: Document): void {
  const menus = () => doc.querySelectorAll(MENU);
  doc.defaultView?.addEventListener('pagehide', () => menus().forEach(closePhoneMenu));
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const menu = target?.closest(MENU);
    menus().forEach((other) => other !== menu && closePhoneMenu(other));
    const button = menu && buttonOf(menu);
    if (!button) return;
    if (button.contains(target)) setOpen(button, !isOpen(button));
    else if (target?.closest('a[href]')) setOpen(button, false);
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    menus().forEach((menu) => {
      const button = buttonOf(menu);
      if (!button || !isOpen(button)) return;
      const focus = doc.activeElement;
      setOpen(button, false);
      if (!focus || focus === doc.body || menu.contains(focus)) button.focus();
    });
  });
}
