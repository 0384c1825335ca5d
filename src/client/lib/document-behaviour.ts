import { listenToSectionLinks } from '../components/home/scrollToSection';
import { listenToPhoneMenus } from '../components/phone-menu';

/**
 * What every page's markup does without React: the phone menu and the home page's section links. Installed by
 * the app (main.tsx) and by each document page's own script (home.ts, events.ts, milestones.ts: ADR 016, ADR 018),
 * so the same code serves both.
 */
export function listenForDocumentBehaviour(doc: Document = document): void {
  listenToPhoneMenus(doc);
  listenToSectionLinks(doc);
}
