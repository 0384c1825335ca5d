/**
 * /enrollment's own script (ADR 037). The server renders the form and answers it when the browser posts it; this
 * adds what a script does better: each field checked as it is left (the shared schema the server uses), the
 * program's age warning as the dates and program change, docs/product.md §8's toasts, sending without a page load
 * (to docs/product.md §7's POST /api/enrollment), and keeping what was typed if the tab is reloaded.
 */
import '../lib/zod-config';
import { listenForDocumentBehaviour } from '../lib/document-behaviour';
import { formatLite } from '../../shared/i18n/lite';
import { ageWarningText, programAgeFit } from '../../shared/program-age';
import { EMPTY_ENROLLMENT, enrollmentSchema } from '../../shared/schemas/enrollment';
import { fieldMessages } from '../../shared/schemas/fields';
import {
  answerFieldErrors,
  control,
  failureMessage,
  type FieldErrors,
  postJson,
  readPageWords,
  sayErrors,
  setFieldError,
  showErrors,
  values,
} from './form-fields';
import { setToastLabels, toast } from './toast';

/**
 * The page's words, which the server writes into the page from the catalogue in the page's language
 * (server/pages/forms.ts): what this script says itself, and the refusals it can meet by id (ADR 069).
 */
const page = readPageWords();
const say = (key: string, fallback: string, values?: Record<string, string | number>) => {
  const message = page.messages[key];
  return message === undefined ? fallback : formatLite(page.locale, message, values);
};
const CHECK_AND_RETRY = say('enrollment.checkRetry', 'Please check your information and try again.');
setToastLabels({ region: say('enrollment.toast.region', 'Notifications'), close: say('enrollment.toast.close', 'Close') });
const DRAFT_KEY = 'enrollmentDraft';
/** Every field of the application, in the form's order; the spam trap is sent but never kept in the draft. */
const FIELDS = Object.keys(EMPTY_ENROLLMENT);
const KEPT = FIELDS.filter((name) => name !== 'website' && name !== 'language');

function check(all: Record<string, string>): FieldErrors {
  const result = enrollmentSchema.safeParse(all);
  return result.success ? {} : sayErrors(page, fieldMessages(result.error));
}

function enhance(form: HTMLFormElement): void {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = submit.textContent;
  const warning = document.getElementById('age-warning')!;
  const warningText = document.getElementById('age-warning-text')!;
  const applyAnyway = control(form, 'applyAnyway') as HTMLInputElement;
  /** Fields the person has changed: an untouched empty field is not scolded for being left. */
  const edited = new Set<string>();
  let sending = false;

  // A form the server sent back (refused, or asking about the program) holds the newest answers: they become the
  // draft. Otherwise what was typed in this tab before a reload comes back.
  if (document.getElementById('form-problem') || !warning.hidden) saveDraft(form);
  else restoreDraft(form);

  function updateWarning(): void {
    const v = values(form, ['programRequested', 'childDateOfBirth', 'startDate']);
    const misfit = programAgeFit(v.programRequested!, v.childDateOfBirth!, v.startDate!);
    const text = misfit && ageWarningText(misfit, (key, values) => say(key, '', values));
    if (text !== warningText.textContent) applyAnyway.checked = false;
    warningText.textContent = text ?? '';
    warning.hidden = !text;
  }
  updateWarning();

  function checkField(name: string): void {
    setFieldError(form, name, check(values(form, FIELDS))[name]);
  }

  form.addEventListener('input', (e) => {
    const name = (e.target as HTMLInputElement).name;
    if (!FIELDS.includes(name)) return;
    edited.add(name);
    saveDraft(form);
    // A message already shown goes as soon as the answer is right.
    if (control(form, name)?.getAttribute('aria-invalid') === 'true') checkField(name);
  });
  form.addEventListener('change', (e) => {
    const name = (e.target as HTMLInputElement).name;
    if (name === 'programRequested' || name === 'childDateOfBirth' || name === 'startDate') updateWarning();
  });
  // Checked as it is left (focusout bubbles; blur does not).
  form.addEventListener('focusout', (e) => {
    const name = (e.target as HTMLInputElement).name;
    if (FIELDS.includes(name) && (edited.has(name) || control(form, name)?.getAttribute('aria-invalid') === 'true')) checkField(name);
  });

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!sending) void send();
  });

  async function send(): Promise<void> {
    const answers = values(form, FIELDS);
    const errors = check(answers);
    if (showErrors(form, FIELDS, errors)) {
      toast({ title: say('enrollment.failed', 'Submission Failed'), description: CHECK_AND_RETRY, variant: 'destructive' });
      return;
    }
    if (!warning.hidden && !applyAnyway.checked) {
      warning.scrollIntoView({ block: 'center' });
      applyAnyway.focus({ preventScroll: true });
      return;
    }
    sending = true;
    submit.disabled = true;
    submit.textContent = say('enrollment.submitting', 'Submitting Application...');
    const answer = await postJson('/api/enrollment', answers);
    sending = false;
    submit.disabled = false;
    submit.textContent = label;
    if (answer && answer.status >= 200 && answer.status < 300) {
      clearDraft();
      toast({
        title: say('enrollment.toast.sent', 'Application Submitted!'),
        description: say('enrollment.toast.sentText', "We'll contact you within 24 hours to discuss next steps."),
      });
      showSuccess(form);
      return;
    }
    // The answers stay in the form whatever failed, so the parent can simply press Submit again.
    const fieldErrors = answerFieldErrors(page, answer);
    if (fieldErrors) showErrors(form, FIELDS, fieldErrors);
    toast({
      title: say('enrollment.failed', 'Submission Failed'),
      description: failureMessage(page, answer, CHECK_AND_RETRY),
      variant: 'destructive',
    });
  }
}

/** The success screen (rendered by the server in a template) in place of the form, with focus on its heading. */
function showSuccess(form: HTMLFormElement): void {
  const template = document.getElementById('enrollment-success') as HTMLTemplateElement;
  const main = form.closest('main')!;
  main.replaceChildren(template.content.cloneNode(true));
  window.scrollTo({ top: 0 });
  document.getElementById('enrollment-success-heading')?.focus();
}

function saveDraft(form: HTMLFormElement): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values(form, KEPT)));
  } catch {
    // Storage full or refused: the form still works, only a reload loses what was typed.
  }
}

function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** After a reload in this tab, what was typed comes back; fields the page already shows (a refused form) win. */
function restoreDraft(form: HTMLFormElement): void {
  let draft: Record<string, unknown> = {};
  try {
    draft = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    return;
  }
  for (const name of KEPT) {
    const field = control(form, name);
    const value = draft[name];
    if (!field || typeof value !== 'string' || !value) continue;
    // Only a field still as the server rendered it: what was typed before this script ran, or sent back refused, stays.
    const untouched =
      field instanceof HTMLSelectElement
        ? [...field.options].every((o) => o.selected === o.defaultSelected)
        : field.value === field.defaultValue;
    if (untouched) field.value = value;
  }
}

const form = document.getElementById('enrollment-form');
if (form instanceof HTMLFormElement) enhance(form);
listenForDocumentBehaviour();
// The page answers taps now (browser tests wait for this after each page load: tests/e2e/fixtures.ts).
document.documentElement.dataset.appReady = 'true';
