import { useContext, useEffect, useId, useLayoutEffect, useState } from 'react';
import type { z } from 'zod';
import { fieldMessages } from '../../shared/schemas/fields';
import { FieldMessageLanguage } from './field-message-language';
import { refusalInEnglish } from './refusal-words';

/** A message per field name, as `fieldMessages` and the tRPC errorFormatter's `data.fieldErrors` give them. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * What a tRPC client error carries when the server's schema refused the input (see src/server/trpc.ts): the
 * messages, and their ids and values, which the form says in its reader's language (ADR 069).
 */
export interface ServerError {
  data?: {
    fieldErrors?: Record<string, string> | null;
    fieldErrorIds?: Record<string, { id: string; values?: Record<string, string> }> | null;
  } | null;
}

export interface SchemaFormOptions {
  /**
   * What a field's message does when the person edits that field: it stays until the next submit (`keep`),
   * disappears (`clear`), or, from the first failed submit on, the field is checked again (`revalidate`).
   */
  onEdit?: 'keep' | 'clear' | 'revalidate';
  /**
   * Whenever messages are shown, move focus to the first field that has one: on by default, for every form (dialogs left
   * it on their submit button). The form is the one with `formId`, or else the one that had
   * focus when the messages came (its submit button's). `centred` first scrolls that field to the middle of the window: on a page
   * under a sticky navigation bar, focus's own scrolling can leave the field hidden beneath it.
   */
  focusInvalid?: boolean | 'centred';
}

/**
 * The state of a form checked by one of the shared schemas: its values, a message per field (from the
 * schema here or from the server's copy of it), and focus on the first field that needs attention.
 *
 * Give the form `id={form.formId}`: the hook finds its form by that id. It holds no ref, so the object it returns
 * is plain render data (values, messages, functions) that a component reads while rendering.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, unknown>>(
  schema: S,
  initialValues: V | (() => V),
  { onEdit = 'keep', focusInvalid = true }: SchemaFormOptions = {},
) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const { formId, focusFirstInvalid } = useFocusFirstInvalid(focusInvalid);
  // The messages in the reader's language (the parent portal's; as they are elsewhere).
  const say = useContext(FieldMessageLanguage) ?? refusalInEnglish;
  const messagesOf = (error: z.ZodError): FieldErrors => {
    const out: FieldErrors = {};
    for (const [field, message] of Object.entries(fieldMessages(error))) out[field] = say(message);
    return out;
  };

  // A form the server rendered can be typed into before React has the page (a slow phone): React keeps what the
  // fields show but not in its state, and the next render would blank them. Once React has the form, the
  // state takes what the fields hold. On a form React rendered itself the two are the same, and nothing changes.
  // A layout effect, so the state has them before the browser handles anything else: taken in an effect, a tap
  // on Submit right after the page was hydrated could check the state from before (a field typed in, reported
  // missing).
  // The id never changes, so this runs once, when the form is first on the page.
  useLayoutEffect(() => {
    const form = formById(formId);
    if (!form) return;
    // The rule is wrong here: this reads the page (the DOM, outside React) before the browser paints, the
    // measure-then-set use of a layout effect that React documents; there is no event to do it from instead.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((v) => {
      const typed = typedBeforeHydration(form, v);
      return typed ? { ...v, ...typed } : v;
    });
  }, [formId]);

  /** Shows these messages at their fields (every other field cleared), and moves focus to the first. */
  function showErrors(next: FieldErrors) {
    setErrors(next);
    setAttempted(true);
    focusFirstInvalid();
  }

  const set =
    <K extends keyof V & string>(key: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      if (onEdit === 'clear' && errors[key]) {
        setErrors((e) => ({ ...e, [key]: undefined }));
      } else if (onEdit === 'revalidate' && attempted) {
        const result = schema.safeParse({ ...values, [key]: value });
        const message = result.success ? undefined : messagesOf(result.error)[key];
        setErrors((e) => ({ ...e, [key]: message }));
      }
    };

  /** Checks the values: the parsed data, or null after showing the messages. */
  function parse(): z.output<S> | null {
    const result = schema.safeParse(values);
    if (!result.success) {
      showErrors(messagesOf(result.error));
      return null;
    }
    setErrors({});
    return result.data;
  }

  /** Shows the messages the server put in `error.data.fieldErrors`; true when there were any. */
  function showServerErrors(error: ServerError): boolean {
    const ids = error.data?.fieldErrorIds;
    const fields = error.data?.fieldErrors;
    if (ids && Object.keys(ids).length > 0) {
      // 'error.other' stands for a message that is no id (zod's own): the server's text says it as it was said.
      const said = (field: string, id: string, values?: Record<string, string>) =>
        id === 'error.other' && fields?.[field]
          ? fields[field]
          : say(values && Object.keys(values).length ? `${id} ${JSON.stringify(values)}` : id);
      showErrors(Object.fromEntries(Object.entries(ids).map(([field, { id, values }]) => [field, said(field, id, values)])));
      return true;
    }
    if (!fields || Object.keys(fields).length === 0) return false;
    showErrors(Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, say(message)])));
    return true;
  }

  function reset() {
    setValues(initialValues);
    setErrors({});
    setAttempted(false);
  }

  return { values, set, errors, parse, showServerErrors, showErrors, reset, formId };
}

/**
 * The values a form's fields show that differ from `values` (text fields, text areas and selects named after a
 * key that holds a string), or null when they all agree.
 */
export function typedBeforeHydration(
  form: Pick<HTMLFormElement, 'elements'>,
  values: Record<string, unknown>,
): Record<string, string> | null {
  let typed: Record<string, string> | null = null;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'string') continue;
    const field = form.elements.namedItem(key);
    // A RadioNodeList (several fields of one name) has no `type`, and is not one of these.
    if (!field || !('type' in field) || !('value' in field) || typeof field.value !== 'string') continue;
    if (/^(checkbox|radio|file|hidden|submit|button)$/.test(String(field.type))) continue;
    if (field.value !== value) (typed ??= {})[key] = field.value;
  }
  return typed;
}

/**
 * Focus on a form's first field with a message, once per request, after the render that shows the messages: the
 * form whose `id` is `formId` (give it to the form), or else the form that has focus when asked (the submit
 * button's, as a submit leaves it). For forms outside `useSchemaForm` too (NewPasswordForm).
 */
export function useFocusFirstInvalid(how: boolean | 'centred' = true) {
  // React's id is the same in the server's HTML and on hydration, so a server-drawn form is found by it too.
  const formId = useId();
  const [request, setRequest] = useState<{ form: HTMLFormElement | null; centred: boolean } | null>(null);
  useEffect(() => {
    if (!request) return;
    const form = formById(formId) ?? request.form;
    if (form?.isConnected) focusFirstInvalidField(form, request.centred);
  }, [request, formId]);
  function focusFirstInvalid() {
    if (!how) return;
    const active = document.activeElement;
    setRequest({ form: active instanceof HTMLElement ? active.closest('form') : null, centred: how === 'centred' });
  }
  return { formId, focusFirstInvalid };
}

function formById(id: string): HTMLFormElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLFormElement ? element : null;
}

const FOCUSABLE = ':is(input, textarea, button):not([tabindex="-1"])';

/**
 * React Aria marks the root of an invalid TextField or Select with `data-invalid` (a Select's button has no
 * `aria-invalid`); the field's first focusable control is its input, textarea or select button.
 */
function focusFirstInvalidField(form: HTMLFormElement, centred: boolean) {
  const field = form.querySelector<HTMLElement>('[data-invalid]');
  if (!field) return;
  if (centred) field.scrollIntoView({ block: 'center' });
  field.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: centred });
}
