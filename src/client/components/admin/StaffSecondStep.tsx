import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import type { storeAdmin } from '~/client/lib/admin-session';
import { errorMessage, trpc } from '~/client/lib/trpc';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { staffText } from './staff-words';

type Admin = Parameters<typeof storeAdmin>[0];

/** The sign-in's second step (ADR 102): a code from the app, or one recovery code. */
export function StaffSecondStep({ methods, onSignedIn }: { methods: string[]; onSignedIn: (admin: Admin) => void }) {
  const [recovery, setRecovery] = useState(!methods.includes('totp'));
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const step = useMutation(
    trpc.adminAuth.loginMfa.mutationOptions({
      onSuccess: (r) => onSignedIn(r.admin),
      onError: (e) => setError(errorMessage(e, staffText('staff.mfa.failed'))),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    // A refused code is said at the field, which takes focus to try again (Verify, pressed, is disabled while sending).
    step.mutate(recovery ? { recoveryCode: value } : { code: value }, { onError: () => form.current?.querySelector('input')?.focus() });
  }
  return (
    <Form ref={form} onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{staffText('staff.mfa.stepTitle')}</h2>
      <p className="text-sm text-stone-600">{staffText('staff.mfa.stepIntro')}</p>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={staffText(recovery ? 'staff.mfa.recoveryCode' : 'staff.mfa.code')}
        name={recovery ? 'recoveryCode' : 'code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        value={value}
        onChange={setValue}
        error={error}
        autoFocus
        required
      />
      <Button type="submit" size="lg" isDisabled={step.isPending}>
        {staffText('staff.mfa.verify')}
      </Button>
      {methods.includes('totp') && methods.includes('recovery-code') && (
        <Button
          variant="ghost"
          onPress={() => {
            setRecovery((r) => !r);
            setValue('');
            setError(undefined);
          }}
        >
          {staffText(recovery ? 'staff.mfa.useApp' : 'staff.mfa.useRecovery')}
        </Button>
      )}
    </Form>
  );
}

/** 'Sign in with a passkey': the browser's passkey answers this browser's challenge, and the session opens. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (admin: Admin) => void }) {
  const options = useMutation(trpc.adminAuth.passkeyOptions.mutationOptions());
  const login = useMutation(trpc.adminAuth.loginPasskey.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await options.mutateAsync();
      const response = await startAuthentication({ optionsJSON });
      const result = await login.mutateAsync({ response: response as unknown as Record<string, unknown> });
      onSignedIn(result.admin);
    } catch (e) {
      setError(errorMessage(e, staffText('staff.mfa.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outline" className="mt-2 w-full" onPress={() => void signIn()} isDisabled={busy}>
        {staffText('staff.mfa.passkeySignIn')}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
