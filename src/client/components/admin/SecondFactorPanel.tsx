import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorMessage, queryClient, trpc } from '~/client/lib/trpc';
import { toast } from '~/client/lib/toast';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/Field';
import { useRecentProof } from './ReauthDialog';
import { tabText } from './tabs/tab-words';

/**
 * A staff member's own second factor (ADR 102): the authenticator app (QR code, key, one code to confirm), the
 * recovery codes (shown once), and passkeys (named, several, each removable). The Account dialog shows it, and so
 * does the setup-only page the director's rule gives a person without a factor. Each change runs through
 * useRecentProof: on a session older than ten minutes the server asks for the password again, and a dialog does.
 */
const CODES_HEADING = 'mfa-codes';

export default function SecondFactorPanel({ onFactorAdded }: { onFactorAdded?: () => void }) {
  const status = useQuery(trpc.staffMfa.status.queryOptions());
  const passkeys = useQuery(trpc.staffMfa.passkeys.queryOptions());
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.staffMfa.status.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.staffMfa.passkeys.queryKey() });
  };
  const failed = (e: unknown) =>
    toast({ title: tabText('staff.mfa.failed'), description: errorMessage(e, tabText('staff.mfa.failed')), variant: 'destructive' });

  const proof = useRecentProof(failed);
  const start = useMutation(trpc.staffMfa.totpSetup.mutationOptions({ onSuccess: (r) => setSetup(r) }));
  const confirm = useMutation(
    trpc.staffMfa.totpConfirm.mutationOptions({
      onSuccess: (r) => {
        setSetup(null);
        setCode('');
        setError(undefined);
        setCodes(r.recoveryCodes);
        refresh();
        onFactorAdded?.();
      },
    }),
  );
  // A refused code is said at its field, which takes focus to try again (the Confirm button is disabled while sending).
  const codeField = useRef<HTMLFormElement>(null);
  const codeRefused = (e: unknown) => {
    setError(errorMessage(e, tabText('staff.mfa.failed')));
    codeField.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  };
  const remove = useMutation(trpc.staffMfa.totpRemove.mutationOptions({ onSuccess: refresh }));
  const newCodes = useMutation(trpc.staffMfa.recoveryCodes.mutationOptions({ onSuccess: (r) => (setCodes(r.recoveryCodes), refresh()) }));
  const removePasskey = useMutation(trpc.staffMfa.passkeyRemove.mutationOptions({ onSuccess: refresh }));
  const options = useMutation(trpc.staffMfa.passkeyRegistrationOptions.mutationOptions());
  const register = useMutation(trpc.staffMfa.passkeyRegister.mutationOptions());
  const [adding, setAdding] = useState(false);
  const me = useQuery(trpc.adminAuth.me.queryOptions());
  const policy = useMutation(trpc.staffMfa.setPolicy.mutationOptions({ onSuccess: refresh, onError: failed }));

  async function addPasskey(e: FormEvent) {
    e.preventDefault();
    setAdding(true);
    try {
      await proof.run(async () => {
        const { startRegistration } = await import('@simplewebauthn/browser');
        const optionsJSON = await options.mutateAsync();
        const response = await startRegistration({ optionsJSON });
        await register.mutateAsync({ name: passkeyName, response: response as unknown as Record<string, unknown> });
        setPasskeyName('');
        toast({ title: tabText('staff.mfa.passkeyAdded') });
        refresh();
        onFactorAdded?.();
      });
    } finally {
      setAdding(false);
    }
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    // Once confirmed, the form is gone and the recovery codes are shown: focus goes to their heading.
    void proof.run(
      () => confirm.mutateAsync({ code }),
      codeRefused,
      () => document.getElementById(CODES_HEADING),
    );
  }

  const s = status.data;
  return (
    <div className="flex flex-col gap-6">
      {s?.setupRequired && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {tabText('staff.mfa.required')}
        </p>
      )}
      {me.data?.role === 'director' && s && (
        <Checkbox isSelected={s.policyRequired} onChange={(required) => policy.mutate({ required })} isDisabled={policy.isPending}>
          {tabText('staff.mfa.policy')}
        </Checkbox>
      )}
      <section aria-labelledby="mfa-app" className="flex flex-col gap-3">
        <h3 id="mfa-app" className="font-semibold">
          {tabText('staff.mfa.app')}
        </h3>
        {s && <p className="text-sm text-stone-700">{tabText(s.totp ? 'staff.mfa.appOn' : 'staff.mfa.appOff')}</p>}
        {s && !s.totp && !setup && (
          <Button variant="outline" onPress={() => void proof.run(() => start.mutateAsync())} isDisabled={start.isPending}>
            {tabText('staff.mfa.appSetup')}
          </Button>
        )}
        {s?.totp && (
          <Button variant="outline" onPress={() => void proof.run(() => remove.mutateAsync())} isDisabled={remove.isPending}>
            {tabText('staff.mfa.appRemove')}
          </Button>
        )}
        {setup && (
          <Form ref={codeField} onSubmit={submitCode} validationBehavior="aria" className="flex flex-col gap-3">
            <p className="text-sm text-stone-700">{tabText('staff.mfa.appScan')}</p>
            <img src={setup.qrCode} alt={tabText('staff.mfa.qr')} width={192} height={192} className="self-center" />
            <p className="text-sm">
              {tabText('staff.mfa.secret')}:{' '}
              <code data-testid="totp-secret" className="break-all font-mono">
                {setup.secret}
              </code>
            </p>
            {/* Focused when the form appears in place of the button that asked for it: the next step is the code. */}
            <TextField
              autoFocus
              label={tabText('staff.mfa.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={setCode}
              error={error}
              required
            />
            <Button type="submit" isDisabled={confirm.isPending}>
              {tabText('staff.mfa.confirm')}
            </Button>
          </Form>
        )}
      </section>
      <section aria-labelledby={CODES_HEADING} className="flex flex-col gap-3">
        <h3 id={CODES_HEADING} className="font-semibold">
          {tabText('staff.mfa.codes')}
        </h3>
        {codes && (
          <div role="status" className="rounded-md border border-stone-300 bg-stone-50 p-3">
            <p className="mb-2 text-sm">{tabText('staff.mfa.codesShown')}</p>
            <ul aria-label={tabText('staff.mfa.codes')} className="grid grid-cols-2 gap-1 font-mono text-sm">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        )}
        {s && (s.totp || s.passkeys > 0) && (
          <>
            <p className="text-sm text-stone-700">{tabText('staff.mfa.codesLeft', { count: s.recoveryCodesLeft })}</p>
            <Button variant="outline" onPress={() => void proof.run(() => newCodes.mutateAsync())} isDisabled={newCodes.isPending}>
              {tabText('staff.mfa.codesNew')}
            </Button>
          </>
        )}
      </section>
      <section aria-labelledby="mfa-passkeys" className="flex flex-col gap-3">
        <h3 id="mfa-passkeys" className="font-semibold">
          {tabText('staff.mfa.passkeys')}
        </h3>
        {passkeys.data?.length === 0 && <p className="text-sm text-stone-700">{tabText('staff.mfa.passkeysNone')}</p>}
        {passkeys.data && passkeys.data.length > 0 && (
          <ul aria-label={tabText('staff.mfa.passkeys')} className="flex flex-col gap-2">
            {passkeys.data.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2">
                <span>{p.name}</span>
                <Button variant="outline" size="sm" onPress={() => void proof.run(() => removePasskey.mutateAsync({ id: p.id }))}>
                  {tabText('staff.mfa.passkeyRemove', { name: p.name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Form onSubmit={(e) => void addPasskey(e)} validationBehavior="aria" className="flex flex-col gap-3">
          <TextField label={tabText('staff.mfa.passkeyName')} name="passkeyName" value={passkeyName} onChange={setPasskeyName} required />
          <Button type="submit" isDisabled={adding || !passkeyName.trim()}>
            {tabText('staff.mfa.passkeyAdd')}
          </Button>
        </Form>
      </section>
      {proof.dialog}
    </div>
  );
}
