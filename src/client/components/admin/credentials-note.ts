import { tabText } from './tabs/tab-words';
/**
 * The credentials dialog's note on where the password is kept. Sign-in keeps only an argon2id hash, but without
 * an SMTP server the Outbox keeps the e-mail exactly as it would have been sent, password included
 * until the parent first signs in, 7 days at most (docs/decisions/003-email-outbox.md), so the note must say so then.
 */
export function credentialsNote(result: { emailSent: boolean; emailVia: 'smtp' | 'outbox' | null }): string {
  if (result.emailSent && result.emailVia === 'outbox') {
    return tabText('staff.credentials.inOutbox');
  }
  return tabText('staff.credentials.shownOnce');
}
