import { centre } from '../../shared/centre';

/** The route `head` of a page: its own title, then the centre's name (read first by screen readers and tabs). */
export function pageHead(title?: string) {
  return () => ({ meta: [{ title: title ? `${title} | ${centre.name}` : `${centre.name} | Childcare in Columbus, Ohio` }] });
}
