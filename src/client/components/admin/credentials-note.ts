/**
 * The credentials dialog's note on where the password is kept. Sign-in keeps only an argon2id hash, but without
 * an SMTP server the Outbox keeps the e-mail exactly as it would have been sent, password included
 * until the parent first signs in, 7 days at most (docs/decisions/003-email-outbox.md), so the note must say so then.
 */
export function credentialsNote(result: { emailSent: boolean; emailVia: 'smtp' | 'outbox' | null }): string {
  if (result.emailSent && result.emailVia === 'outbox') {
    return 'Share these credentials with the parent. Only a secure hash is stored for signing in. A copy of the e-mail with this password is in the Outbox. The password is removed from it when the parent first signs in, or after 7 days.';
  }
  return 'Share these credentials with the parent. The password is shown only this once; the centre keeps only a secure hash of it.';
}
