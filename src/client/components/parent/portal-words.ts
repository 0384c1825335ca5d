import { type ComponentType, lazy } from 'react';
import { documentLanguage, loadPortalCatalogue } from '../../lib/portal-catalogue';

/** React Aria's locale provider: loaded with every later part, which is where the portal's React Aria components are. */
const loadAriaLocale = () => import('./aria-locale');

/**
 * The code of a tab, a dialog or a part of Today loaded later, with the words and refusals of the portal's language
 * (the document's, which the portal keeps in step): the first load has only the first view's (ADR 089).
 */
export function withPortalWords<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadPortalCatalogue(documentLanguage()), loadAriaLocale()]).then(([m]) => m);
}

/**
 * A later part as a lazy component (`pick` names it in its module), loaded with its words (`withPortalWords`) and drawn
 * inside React Aria's locale provider in the portal's language (aria-locale.tsx, ADR 108).
 */
export function lazyPortalPart<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const withWords = withPortalWords(load);
  return lazy(() => Promise.all([withWords(), loadAriaLocale()]).then(([m, aria]) => ({ default: aria.inPortalLocale(pick(m)) })));
}
