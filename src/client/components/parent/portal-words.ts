import { documentLanguage, loadPortalCatalogue } from '../../lib/portal-catalogue';

/**
 * The code of a tab, a dialog or a part of Today loaded later, with the words and refusals of the portal's language
 * (the document's, which the portal keeps in step): the first load has only the first view's (ADR 089).
 */
export function withPortalWords<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadPortalCatalogue(documentLanguage())]).then(([m]) => m);
}
