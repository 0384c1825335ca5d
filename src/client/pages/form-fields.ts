import { formatErrorLite } from '../../shared/i18n/error-ids';

/**
 * What the form pages' scripts do to the fields the server rendered (components/enrollment/DocumentFields.tsx): the
 * same message slot, `aria-invalid` and focus the server's own answer uses, so a form checked here and one
 * refused by the server look and sound the same.
 */
export type FieldErrors = Partial<Record<string, string>>;

export function control(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? el : null;
}

export function setFieldError(form: HTMLFormElement, name: string, message: string | undefined, slot = name): void {
  const field = control(form, name);
  const text = document.getElementById(`${slot}-error`);
  if (!field || !text) return;
  if (message) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
  text.textContent = message ?? '';
}

/** Shows `errors` at `names` (every other of them cleared) and moves focus to the first with a message. */
export function showErrors(
  form: HTMLFormElement,
  names: readonly string[],
  errors: FieldErrors,
  slots: Partial<Record<string, string>> = {},
): boolean {
  let first: HTMLElement | null = null;
  for (const name of names) {
    const slot = slots[name] ?? name;
    setFieldError(form, slot, errors[name], slot);
    if (errors[name] && !first) first = control(form, slot);
  }
  if (first) {
    // Centred: focus's own scrolling can leave the field under the sticky navigation bar.
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }
  return first !== null;
}

export function values(form: HTMLFormElement, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, control(form, name)?.value ?? '']));
}

/**
 * What the server writes into a form page for its script (server/pages/forms.ts), in the page's language: the
 * script's own words by key, and the refusals it can meet by id (ADR 069).
 */
export interface PageWords {
  language: string;
  locale: string;
  phone: string;
  messages: Record<string, string>;
  errors: Record<string, string>;
}

export function readPageWords(): PageWords {
  try {
    const data = JSON.parse(document.getElementById('page-messages')?.textContent ?? '') as PageWords;
    if (data && typeof data.messages === 'object' && typeof data.errors === 'object') return data;
  } catch {
    // No words in the page (an old page from the cache): the keys' English fallbacks below.
  }
  return { language: 'en', locale: 'en-US', phone: '', messages: {}, errors: {} };
}

/** A refusal (a schema's id, or one the server answered) in the page's language; the general sentence otherwise. */
export function sayError(page: PageWords, message: string): string {
  return formatErrorLite(page.errors, page.locale, message, page.errors['error.other'] ?? message);
}

export function sayErrors(page: PageWords, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message && sayError(page, message)]));
}

/** The id and values an answer's header carries (rest/shim.ts MESSAGE_IDS_HEADER). */
interface AnswerIds {
  messageId?: string;
  values?: Record<string, string>;
  fieldErrorIds?: Record<string, { id: string; values?: Record<string, string> }>;
}

const said = (id: string, values?: Record<string, string>) =>
  values && Object.keys(values).length ? `${id} ${JSON.stringify(values)}` : id;

/** An answer of the JSON API: its status, body and refusal ids, or null when no answer came (offline, the server down). */
export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: { message?: unknown; errors?: FieldErrors } & Record<string, unknown>; ids: AnswerIds } | null> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  const parsed = await res.json().catch(() => ({}));
  let ids: AnswerIds = {};
  try {
    const header = res.headers.get('X-Message-Ids');
    if (header) ids = JSON.parse(decodeURIComponent(header)) as AnswerIds;
  } catch {
    // An unreadable header: the refusal is said by the page's general sentence.
  }
  return { status: res.status, body: parsed && typeof parsed === 'object' ? parsed : {}, ids };
}

/** What a failed call shows, in the page's language: the network's, the server's failure, its refusal, or `fallback`. */
export function failureMessage(page: PageWords, answer: Awaited<ReturnType<typeof postJson>>, fallback: string): string {
  if (!answer) return sayError(page, said('error.network', { phone: page.phone }));
  if (answer.status >= 500) return sayError(page, said('error.server', { phone: page.phone }));
  return answer.ids.messageId ? sayError(page, said(answer.ids.messageId, answer.ids.values)) : fallback;
}

/** A refused answer's field messages, in the page's language. */
export function answerFieldErrors(page: PageWords, answer: Awaited<ReturnType<typeof postJson>>): FieldErrors | null {
  const ids = answer?.ids.fieldErrorIds;
  if (!ids) return null;
  return Object.fromEntries(Object.entries(ids).map(([field, { id, values }]) => [field, sayError(page, said(id, values))]));
}
