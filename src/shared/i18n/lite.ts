/**
 * The small formatter (ADR 070): the part of ICU MessageFormat the public pages' scripts and first-load words need,
 * without FormatJS's parser (12 KB compressed, more than the enrollment page's whole budget can spare): `{name}`,
 * `{n, plural, =0 {…} one {…} other {…}}` with `#`, and `{x, select, a {…} other {…}}`, plurals chosen by the
 * platform's Intl.PluralRules. It reads the same catalogue as FormatJS (the registry's siteText, a page's copy of its
 * messages from server/pages/forms.ts), and its contract is FormatJS's own answer: tests/unit/i18n-lite.test.ts
 * formats every message of the catalogues it is given with both and fails on any difference. No imports.
 */
type Values = Record<string, string | number>;

/**
 * One full stop at the end of a sentence: a value that ends with its own (a Spanish time, "5:18 p.m.", an
 * abbreviation, a title typed with one) put where the message itself then writes "." loses its own, so the
 * sentence reads "5:18 p.m." and not "5:18 p.m..". An ellipsis is left whole. Every formatter of the catalogue
 * (FormatJS's wrappers and this one) passes its values through this.
 */
export function oneFullStop<V>(message: string | undefined, values: Record<string, V> | undefined): Record<string, V> | undefined {
  if (!values || !message) return values;
  let out: Record<string, V> | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' || !value.endsWith('.') || value.endsWith('..') || !message.includes(`{${name}}.`)) continue;
    (out ??= { ...values })[name] = value.slice(0, -1) as V;
  }
  return out ?? values;
}

/** The end of the `{…}` group opening at `open` (the index of its `}`). */
function closing(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === '{') depth++;
    else if (message[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in message: ${message}`);
}

/** `one {…} other {…}` as a map of selector to text. */
function options(body: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open === -1) break;
    const end = closing(body, open);
    out.set(body.slice(i, open).trim(), body.slice(open + 1, end));
    i = end + 1;
  }
  return out;
}

export function formatLite(locale: string, message: string, given: Values = {}, pound?: string): string {
  const values = oneFullStop(message, given)!;
  let out = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i]!;
    if (ch === '#' && pound !== undefined) {
      out += pound;
      i++;
      continue;
    }
    if (ch !== '{') {
      out += ch;
      i++;
      continue;
    }
    const end = closing(message, i);
    const inner = message.slice(i + 1, end);
    const comma = inner.indexOf(',');
    if (comma === -1) {
      const value = values[inner.trim()];
      out += value === undefined ? '' : String(value);
    } else {
      const name = inner.slice(0, comma).trim();
      const rest = inner.slice(comma + 1);
      const comma2 = rest.indexOf(',');
      const kind = rest.slice(0, comma2).trim();
      const choices = options(rest.slice(comma2 + 1));
      const value = values[name];
      if (kind === 'plural') {
        const n = Number(value);
        const text = choices.get(`=${n}`) ?? choices.get(new Intl.PluralRules(locale).select(n)) ?? choices.get('other') ?? '';
        out += formatLite(locale, text, values, new Intl.NumberFormat(locale).format(n));
      } else {
        out += formatLite(locale, choices.get(String(value)) ?? choices.get('other') ?? '', values, pound);
      }
    }
    i = end + 1;
  }
  return out;
}
