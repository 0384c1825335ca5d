import { KeyRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { refusalInEnglish } from '../lib/refusal-words';
import { useFocusFirstInvalid } from '../lib/use-schema-form';
import { PasswordField } from './PasswordField';
import { Button, LinkButton } from './ui/Button';
import { Card } from './ui/Card';

/** A password link's token rides in the link's fragment (#token=…), which browsers never send to a server. */
export function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** The page a password link (a staff invitation or reset, a parent's reset) opens: its heading and one card. */
export function NewPasswordPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      </div>
      <Card className="p-6">{children}</Card>
    </main>
  );
}

/** What the form says, from the page's catalogue (the staff area's `staff.password.*`, the reset page's words). */
export interface NewPasswordFormWords {
  newPassword: string;
  repeat: string;
  mismatch: string;
  saving: string;
  show: string;
  hide: string;
}

/**
 * The new password typed twice: `field` (the account's password rule) checks it, the two must be the same, and
 * only then `onValid` gets it. `words` in the page's language; `refusal` says the rule's refusal (an id, ADR 069)
 * in it: in English by default, as the staff pages are.
 */
export function NewPasswordForm({
  field,
  intro,
  hint,
  submitLabel,
  isPending,
  onValid,
  words,
  refusal = refusalInEnglish,
}: {
  field: z.ZodType<unknown, string>;
  /** The line above the fields. */
  intro: ReactNode;
  /** What a new password must be, under its field. */
  hint: string;
  submitLabel: string;
  isPending: boolean;
  onValid: (password: string) => void;
  words: NewPasswordFormWords;
  refusal?: (message: string) => string;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  // Focus on the first field to correct, as every form's messages take it.
  const { formId, focusFirstInvalid } = useFocusFirstInvalid();

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = field.safeParse(password);
    const next = {
      password: checked.success ? undefined : refusal(checked.error.issues[0]?.message ?? ''),
      confirm: password === confirm ? undefined : words.mismatch,
    };
    setErrors(next);
    if (!next.password && !next.confirm) onValid(password);
    else focusFirstInvalid();
  }

  return (
    <Form id={formId} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">{intro}</p>
      <PasswordField
        label={words.newPassword}
        name="new-password"
        autoComplete="new-password"
        description={hint}
        value={password}
        onChange={setPassword}
        error={errors.password}
        toggleLabels={words}
      />
      <PasswordField
        label={words.repeat}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={errors.confirm}
        toggleLabels={words}
      />
      <Button type="submit" size="lg" isDisabled={isPending}>
        {isPending ? words.saving : submitLabel}
      </Button>
    </Form>
  );
}

/** A link without its token: where to go instead, in the page's words. */
export function IncompleteLink({ signInHref, text, goToSignIn }: { signInHref: string; text: string; goToSignIn: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-700">{text}</p>
      <LinkButton href={signInHref}>{goToSignIn}</LinkButton>
    </div>
  );
}
