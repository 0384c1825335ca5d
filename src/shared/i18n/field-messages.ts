import { formatLite } from './lite';

/**
 * The shared schemas (shared/schemas/*) say what is wrong in English, word for word, for the form and the
 * server alike. A Spanish page answers the same rule in Spanish: each English message of the catalogue's
 * `enrollment.error.*` is matched (its `{placeholders}` standing for any words), and the same key's message in the
 * page's language is given with the same values. The tables are the catalogue's (server) or the page's copy of
 * them (the page's script: server/pages/forms.ts writes them into the page). No FormatJS: the script shares it.
 */
export type MessageTable = Readonly<Record<string, string>>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key whose English message `message` is, with the values its placeholders took; null when none is. */
export function matchMessage(message: string, english: MessageTable): { key: string; values: Record<string, string> } | null {
  for (const [key, pattern] of Object.entries(english)) {
    if (pattern === message) return { key, values: {} };
    if (!pattern.includes('{')) continue;
    const names: string[] = [];
    const source = pattern
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    const m = new RegExp(`^${source}$`).exec(message);
    if (m) return { key, values: Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])) };
  }
  return null;
}

/**
 * `message` (English, from a schema or the server) in the language of `target`: the same rule's words there, or
 * `fallback` when the catalogue does not know the message (never English on a Spanish page).
 */
export function localizeMessage(message: string, english: MessageTable, target: MessageTable, locale: string, fallback: string): string {
  if (english === target) return message;
  const found = matchMessage(message, english);
  const text = found && target[found.key];
  return text ? formatLite(locale, text, found.values) : fallback;
}

/** Every message of `errors` localized (see localizeMessage). */
export function localizeMessages(
  errors: Partial<Record<string, string>>,
  english: MessageTable,
  target: MessageTable,
  locale: string,
  fallback: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors))
    if (message) out[field] = localizeMessage(message, english, target, locale, fallback);
  return out;
}
