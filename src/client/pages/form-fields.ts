import { NETWORK_MESSAGE, plainErrorMessage } from '../lib/plain-error';

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

/** An answer of the JSON API: its status and body, or null when no answer came (offline, the server down). */
export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: { message?: unknown; errors?: FieldErrors } & Record<string, unknown> } | null> {
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
  return { status: res.status, body: parsed && typeof parsed === 'object' ? parsed : {} };
}

/** The sentence a failed call shows (lib/plain-error.ts, as the app says it): the server's, the network's, or `fallback`. */
export function failureMessage(answer: Awaited<ReturnType<typeof postJson>>, fallback: string): string {
  if (!answer) return NETWORK_MESSAGE;
  return plainErrorMessage({ message: answer.body.message, data: { httpStatus: answer.status } }, fallback);
}
