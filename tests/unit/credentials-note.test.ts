import { describe, expect, it } from 'vitest';
import { credentialsNote } from '../../src/client/components/admin/credentials-note';

/** The credentials dialog's sentence about where the password is kept must be true however the e-mail went. */
describe('credentialsNote', () => {
  it('says that the Outbox holds a copy of the password when the e-mail was kept there', () => {
    const note = credentialsNote({ emailSent: true, emailVia: 'outbox' });
    expect(note).toContain('Only a secure hash is stored for signing in. A copy of the e-mail with this password is in the Outbox.');
    expect(note).toContain('The password is removed from it when the parent first signs in, or after 7 days.');
    expect(note).not.toContain('keeps only a secure hash');
  });

  it('says that only a hash is kept when the e-mail went by SMTP', () => {
    const note = credentialsNote({ emailSent: true, emailVia: 'smtp' });
    expect(note).toContain('the centre keeps only a secure hash of it');
    expect(note).not.toContain('Outbox');
  });

  it('says that only a hash is kept when the e-mail could not be sent', () => {
    const note = credentialsNote({ emailSent: false, emailVia: null });
    expect(note).toContain('the centre keeps only a secure hash of it');
    expect(note).not.toContain('Outbox');
  });
});
