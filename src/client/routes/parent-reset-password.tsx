import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../components/parent-reset/ResetPasswordPage';
import { resetPasswordWordsEn } from '../components/parent-reset/words-en';
import { pageHead } from '../lib/page-title';

export const Route = createFileRoute('/parent-reset-password')({
  // The title as a literal: what `head` names stays in the router's first-load code (the words are the page's chunk).
  head: pageHead('Choose a New Password'),
  component: () => <ResetPasswordPage words={resetPasswordWordsEn} />,
});
