import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../components/parent-reset/ResetPasswordPage';
import { resetPasswordWordsEs } from '../../components/parent-reset/words-es';
import { pageHead } from '../../lib/page-title';

/**
 * The Spanish twin of /parent-reset-password: where a Spanish reset e-mail's link opens, its words in
 * Spanish, its refusals too, and its way back the Spanish sign-in. The token rides in the fragment as on the English page.
 */
export const Route = createFileRoute('/es/parent-reset-password')({
  // The title as a literal: what `head` names stays in the router's first-load code (the words are the page's chunk).
  head: pageHead('Elija una contraseña nueva', 'es'),
  component: () => <ResetPasswordPage words={resetPasswordWordsEs} />,
});
