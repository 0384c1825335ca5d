import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pathIn } from '~/shared/i18n/paths';
import { refusalIn, type ResetPasswordWords } from '~/shared/i18n/reset-password';
import { refusalOf } from '../../lib/field-message-language';
import { newPasswordField } from '~/shared/schemas/password-policy';
import { clearParentSession } from '../../lib/parent-session';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { IncompleteLink, NewPasswordForm, NewPasswordPage, tokenFromHash } from '../NewPasswordPage';
import { LinkButton } from '../ui/Button';

/**
 * The page a parent's reset link opens (`…/parent-reset-password#token=…`), in the language of its address: the
 * English page, and its Spanish twin `/es/parent-reset-password` that a Spanish reset e-mail links to.
 * The token stays in the fragment, which browsers never send to a server: the page asks whether the link still
 * works as it opens, then takes the new password. What the schema and the server say in English is shown in the
 * page's language (`words.refusals`); the sign-in it sends the parent to is the same language's.
 */
export function ResetPasswordPage({ words }: { words: ResetPasswordWords }) {
  const signIn = pathIn(words.language, '/parent-login');
  const [token] = useState(tokenFromHash);
  // The link is checked as the page opens, so a used or expired one is said before a password is typed twice.
  const check = useMutation(trpc.parentAuth.checkResetLink.mutationOptions());
  // `mutate` is the same function on every render (TanStack Query), so this runs once, for the page's token.
  const { mutate: checkLink } = check;
  useEffect(() => {
    if (token) checkLink({ token });
  }, [token, checkLink]);
  const reset = useMutation(
    trpc.parentAuth.resetPassword.mutationOptions({
      onSuccess: () => {
        clearParentSession();
        // The sign-in is a document of its own (ADR 037): a full page load.
        window.location.assign(`${signIn}?notice=password-changed`);
      },
      onError: (error) =>
        toast({
          title: words.notChanged,
          description: refusalIn(words, refusalOf(error) ?? errorMessage(error, words.tryAgain)),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <NewPasswordPage title={words.title}>
      {token && (check.isIdle || check.isPending) ? (
        <p role="status" className="text-stone-700">
          {words.checking}
        </p>
      ) : token && check.data?.valid ? (
        <NewPasswordForm
          field={newPasswordField}
          intro={words.intro}
          hint={words.hint}
          submitLabel={words.save}
          isPending={reset.isPending}
          onValid={(password) => reset.mutate({ token, password })}
          words={words}
          refusal={(message) => refusalIn(words, message)}
        />
      ) : token ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-stone-700">
            {check.data && !check.data.valid
              ? refusalIn(words, 'error.resetLinkUsed')
              : check.error
                ? refusalIn(words, refusalOf(check.error) ?? errorMessage(check.error, words.notChecked))
                : words.notChecked}
          </p>
          <LinkButton href={signIn}>{words.goToSignIn}</LinkButton>
        </div>
      ) : (
        <IncompleteLink signInHref={signIn} text={words.incomplete} goToSignIn={words.goToSignIn} />
      )}
    </NewPasswordPage>
  );
}
