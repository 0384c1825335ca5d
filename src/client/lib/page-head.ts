import { pageHeadOf } from '../../shared/public-pages';

/**
 * Keeps the head tags the server wrote for the first page loaded (server/pages/seo.ts, `headTags`) those of the
 * page shown (`pageHeadOf`, as the server writes them), as the visitor moves from page to page: its description, canonical URL and Open Graph title, URL
 * and description, or `noindex` and none of them where the server would write that. A phone's Share reads the
 * canonical URL: left as it was, a parent who opened /events and then went to the home page shared /events.
 * The origin is the canonical URL's as the server wrote it (PUBLIC_URL), else the page's own.
 */
export function syncPageHead(path: string, doc: Document = document): void {
  const head = doc.head;
  const canonical = head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const page = pageHeadOf(path, canonical ? new URL(canonical.href).origin : doc.location.origin);
  const url = page?.url ?? null;
  const title = page?.title ?? null;
  const description = page?.description ?? null;

  /** Sets `attr` of the element `selector` finds (made from `tag` and `key` when there is none), or removes it. */
  const set = (tag: 'link' | 'meta', key: [string, string], attr: string, value: string | null) => {
    let el = head.querySelector(`${tag}[${key[0]}="${key[1]}"]`);
    if (value === null) return el?.remove();
    if (!el) {
      el = doc.createElement(tag);
      el.setAttribute(key[0], key[1]);
      head.appendChild(el);
    }
    if (el.getAttribute(attr) !== value) el.setAttribute(attr, value);
  };
  set('link', ['rel', 'canonical'], 'href', url);
  set('meta', ['property', 'og:url'], 'content', url);
  set('meta', ['property', 'og:title'], 'content', title);
  set('meta', ['name', 'description'], 'content', description);
  set('meta', ['property', 'og:description'], 'content', description);
  set('meta', ['name', 'robots'], 'content', page ? null : 'noindex');
}
