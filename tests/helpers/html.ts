/**
 * The HTML the server sends, parsed into a small tree and read the way a browser test reads a page: by role and
 * name, by label, by id. For checks of what the server draws (docs/testing.md, ADR 072), which need no browser:
 * the pages the server renders are documents, so what they show before any script runs is their HTML.
 *
 * Tolerant of what React's server render writes (void elements, `<!-- -->` between texts, entities); not a
 * general HTML5 parser (no implied end tags beyond void elements and `<p>`/`<li>`/`<option>` closed by their
 * parent's end).
 */

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', mdash: '—' };
export const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
      : (ENTITIES[name.toLowerCase()] ?? whole),
  );

/** The document's tree (its root is a `#document` element holding `<!doctype>`'s siblings). */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#document', attrs: {}, children: [], parent: null };
  let current = root;
  const token =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/gi;
  let at = 0;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    if (m.index > at) current.children.push(decode(html.slice(at, m.index)));
    at = token.lastIndex;
    const [, close, open, attrText, selfClosing] = m;
    if (close) {
      const name = close.toLowerCase();
      let el: HtmlElement | null = current;
      while (el && el.tag !== name) el = el.parent;
      if (el?.parent) current = el.parent;
      continue;
    }
    if (!open) continue;
    const tag = open.toLowerCase();
    const attrs: Record<string, string> = {};
    for (const a of attrText!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g))
      attrs[a[1]!.toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? '');
    const el: HtmlElement = { tag, attrs, children: [], parent: current };
    current.children.push(el);
    if (RAW_TEXT.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, at);
      const stop = end === -1 ? html.length : end;
      el.children.push(html.slice(at, stop));
      token.lastIndex = at = html.indexOf('>', stop) + 1 || html.length;
      continue;
    }
    if (!VOID.has(tag) && !selfClosing) current = el;
  }
  if (at < html.length) current.children.push(decode(html.slice(at)));
  return root;
}

/** Every element under `node`, in document order. */
export function elements(node: HtmlElement): HtmlElement[] {
  const out: HtmlElement[] = [];
  const walk = (n: HtmlElement) => {
    for (const c of n.children)
      if (typeof c !== 'string') {
        out.push(c);
        walk(c);
      }
  };
  walk(node);
  return out;
}

/** The text a reader meets under `node` (no script or style, no `hidden` or aria-hidden part), spaces collapsed. */
export function textOf(node: HtmlNode): string {
  const parts: string[] = [];
  const walk = (n: HtmlNode) => {
    if (typeof n === 'string') return void parts.push(n);
    if (RAW_TEXT.has(n.tag) || n.tag === 'template' || 'hidden' in n.attrs || n.attrs['aria-hidden'] === 'true') return;
    if (n.tag === 'br') parts.push(' ');
    for (const c of n.children) walk(c);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export const byId = (root: HtmlElement, id: string) => elements(root).find((e) => e.attrs.id === id) ?? null;

/** An element's accessible name, as far as these pages write it: aria-labelledby, aria-label, alt, its text. */
export function nameOf(root: HtmlElement, el: HtmlElement): string {
  const labelledBy = el.attrs['aria-labelledby'];
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => (byId(root, id) ? textOf(byId(root, id)!) : ''))
      .join(' ')
      .trim();
  if (el.attrs['aria-label']) return el.attrs['aria-label'].trim();
  if (el.tag === 'img') return (el.attrs.alt ?? '').trim();
  if (el.tag === 'figure') {
    const caption = elements(el).find((e) => e.tag === 'figcaption');
    if (caption) return textOf(caption);
  }
  const label = el.attrs.id ? elements(root).find((e) => e.tag === 'label' && e.attrs.for === el.attrs.id) : undefined;
  if (label) return textOf(label);
  const wrapping = ancestors(el).find((a) => a.tag === 'label');
  if (wrapping) return textOf(wrapping);
  const imgs = elements(el).filter((e) => e.tag === 'img' || e.tag === 'svg');
  const own = textOf(el);
  return (
    own ||
    imgs
      .map((i) => nameOf(root, i))
      .join(' ')
      .trim()
  );
}

export const ancestors = (el: HtmlElement): HtmlElement[] => (el.parent ? [el.parent, ...ancestors(el.parent)] : []);

const IMPLICIT: Record<string, string> = {
  a: 'link',
  button: 'button',
  nav: 'navigation',
  main: 'main',
  ul: 'list',
  ol: 'list',
  li: 'listitem',
  table: 'table',
  form: 'form',
  img: 'img',
  figure: 'figure',
  select: 'combobox',
  textarea: 'textbox',
  article: 'article',
};

/** An element's role: its `role` attribute, else the one its tag implies (headings, landmarks, controls). */
export function roleOf(el: HtmlElement): string | null {
  if (el.attrs.role) return el.attrs.role.split(/\s+/)[0]!;
  if (/^h[1-6]$/.test(el.tag)) return 'heading';
  if (el.tag === 'a') return 'href' in el.attrs ? 'link' : null;
  if (el.tag === 'section') return 'aria-labelledby' in el.attrs || 'aria-label' in el.attrs ? 'region' : null;
  if (el.tag === 'header') return ancestors(el).some((a) => ['main', 'article', 'section'].includes(a.tag)) ? null : 'banner';
  if (el.tag === 'footer') return ancestors(el).some((a) => ['main', 'article', 'section'].includes(a.tag)) ? null : 'contentinfo';
  if (el.tag === 'input') {
    const type = el.attrs.type ?? 'text';
    return type === 'checkbox'
      ? 'checkbox'
      : type === 'radio'
        ? 'radio'
        : type === 'hidden'
          ? null
          : type === 'submit'
            ? 'button'
            : 'textbox';
  }
  return IMPLICIT[el.tag] ?? null;
}

export interface RoleQuery {
  /** The accessible name: equal (a string) or matching (a RegExp). */
  name?: string | RegExp;
  level?: number;
}

/** Every element under `within` with `role` (and the name and heading level asked for), as getByRole finds them. */
export function getAllByRole(root: HtmlElement, role: string, query: RoleQuery = {}, within: HtmlElement = root): HtmlElement[] {
  return elements(within).filter((el) => {
    if (roleOf(el) !== role) return false;
    if (ancestors(el).some((a) => 'hidden' in a.attrs || a.tag === 'template')) return false;
    if (query.level !== undefined && el.tag !== `h${query.level}` && el.attrs['aria-level'] !== String(query.level)) return false;
    if (query.name === undefined) return true;
    const name = nameOf(root, el);
    return typeof query.name === 'string' ? name === query.name : query.name.test(name);
  });
}

/** The one element getAllByRole finds; throws, naming what it looked for, when there is none or more than one. */
export function getByRole(root: HtmlElement, role: string, query: RoleQuery = {}, within: HtmlElement = root): HtmlElement {
  const found = getAllByRole(root, role, query, within);
  if (found.length !== 1)
    throw new Error(`${found.length} elements with role ${role} ${JSON.stringify({ ...query, name: String(query.name) })}`);
  return found[0]!;
}

/** The form control a `<label>` with exactly this text names (by `for`, or by holding it). */
export function getByLabel(root: HtmlElement, label: string): HtmlElement {
  const controls = elements(root).filter(
    (el) => ['input', 'select', 'textarea'].includes(el.tag) && el.attrs.type !== 'hidden' && nameOf(root, el) === label,
  );
  if (controls.length !== 1) throw new Error(`${controls.length} controls labelled ${JSON.stringify(label)}`);
  return controls[0]!;
}

/** `node`'s text contains `text`, spaces collapsed and case ignored (as Playwright's getByText without `exact`). */
export const hasText = (node: HtmlElement, text: string) =>
  textOf(node).toLowerCase().includes(text.replace(/\s+/g, ' ').trim().toLowerCase());
