import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { eq } from 'drizzle-orm';
import { adminSessions, adminUsers } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { resolve } from 'node:path';
import { DEFAULT_CLIENT_DIR } from '../../src/server/app';
import { startTestServer, type TestServer } from '../helpers/server';
import { expect, realClock, test } from './fixtures';

/**
 * The staff second factor in the browser (ADR 102): a fresh staff account (the shared director stays single-factor)
 * sets up the authenticator app and registers a passkey with Chromium's virtual authenticator, signs out, signs in
 * with the passkey, and signs in with a code from the app. Then, its session past the ten minutes a factor change
 * allows (auth/recent-proof.ts), it removes the passkey through the password dialog. Every rule and refusal is in
 * tests/integration/staff-mfa.test.ts.
 */
const PASSWORD = 'a-long-staff-password';

async function freshStaff(server: TestServer) {
  const email = `two.step.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@centre.example`;
  await server.db
    .insert(adminUsers)
    .values({ email, name: 'Riley Two-Step', role: 'teacher', passwordHash: await hashPassword(PASSWORD) })
    .run();
  return email;
}

/** The app's code for `secret` at the server's clock, a step ahead or behind with `steps`. */
const codeFor = (server: TestServer, secret: string, steps = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(server.clock.now().getTime() / 30_000) + steps), 6);

// WebAuthn needs a domain as its relying party, not an address: this file's server is http://localhost:port.
let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer({
    clientDir: process.env.E2E_CLIENT_DIR ? resolve(process.env.E2E_CLIENT_DIR) : DEFAULT_CLIENT_DIR,
    clock: realClock(),
    publicHost: 'localhost',
  });
});
test.afterAll(() => server.close());

test('a passkey registered in Account signs in alone; an app code finishes a password sign-in', async ({ page }) => {
  // Four sign-ins and the password dialog in one walk: three times the default budget, as the other long walks have.
  test.slow();
  const email = await freshStaff(server);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  // Password sign-in: no factor yet, straight to the dashboard.
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back, Riley Two-Step')).toBeVisible();

  // Account: the authenticator app (QR code, key, one code), then a named passkey.
  await page.getByRole('button', { name: 'Sign-in security' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign-in security' });
  await dialog.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // Focus is never left on <body> when the button pressed goes or waits (there Escape no longer closes the dialog):
  // the form that took the button's place has it at its code, a refused code at its field, and the recovery codes
  // shown once the app is confirmed at their heading.
  await expect(dialog.getByLabel('Code from the app')).toBeFocused();
  const secret = (await dialog.getByTestId('totp-secret').textContent())!;
  await dialog.getByLabel('Code from the app').fill(codeFor(server, secret, 8));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Code from the app')).toBeFocused();
  await dialog.getByLabel('Code from the app').fill(codeFor(server, secret));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('An authenticator app is set up.')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Recovery codes' })).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

  await dialog.getByLabel('Name for a new passkey').fill('Office laptop');
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(dialog.getByRole('list', { name: 'Passkeys' }).getByText('Office laptop', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Sign out; sign in with the passkey alone.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('Welcome back, Riley Two-Step')).toBeVisible();

  // Sign out; the password now asks for the app's code (the next step's: the setup's code is spent).
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  // A refused code is said at the field, which keeps focus to try again.
  await page.getByLabel('Code from the app').fill(codeFor(server, secret, 8));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Code from the app')).toBeFocused();
  await page.getByLabel('Code from the app').fill(codeFor(server, secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome back, Riley Two-Step')).toBeVisible();

  // Eleven minutes later (the session's sign-in moved back on the server): removing the passkey asks for the
  // password in a dialog first, then goes ahead.
  const account = server.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email)).get()!;
  server.db
    .update(adminSessions)
    .set({ createdAt: new Date(server.clock.now().getTime() - 11 * 60_000) })
    .where(eq(adminSessions.adminId, account.id))
    .run();
  await page.getByRole('button', { name: 'Sign-in security' }).click();
  const removePasskey = dialog.getByRole('button', { name: 'Remove Office laptop' });
  await removePasskey.click();
  const proof = page.getByRole('dialog', { name: 'Your password, please' });
  // Escape puts focus back on the button that asked; the dialog opens again at its password.
  await expect(proof.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(proof).toBeHidden();
  await expect(removePasskey).toBeFocused();
  await removePasskey.click();
  await proof.getByLabel('Your password').fill('not the password');
  await proof.getByRole('button', { name: 'Continue' }).click();
  await expect(proof.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true');
  await expect(proof.getByLabel('Your password')).toBeFocused();
  await proof.getByLabel('Your password').fill(PASSWORD);
  await proof.getByRole('button', { name: 'Continue' }).click();
  await expect(proof).toBeHidden();
  await expect(dialog.getByText('No passkeys yet.')).toBeVisible();
  // The passkey's button went with it: focus is on its section's heading, and Escape still closes the dialog.
  await expect(dialog.getByRole('heading', { name: 'Passkeys' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign-in security' })).toBeFocused();
});
