import { listenToSectionLinks } from '../components/home/scrollToSection';
import { listenToPhoneMenus } from '../components/phone-menu';

/**
 * What the pages' own markup does without React: the phone menu and the home page's section links. Installed by
 * the app (main.tsx) and by the home page's script (home.ts), which is all the home page loads (ADR 016), so
 * the same code serves both.
 */
export function listenForDocumentBehaviour(doc: Document = document): void {
  listenToPhoneMenus(doc);
  listenToSectionLinks(doc);
}
