import { ADMIN_TABS } from '../../src/client/components/admin/admin-tabs';
import { staffEn } from '../../src/shared/i18n/staff-en';
import { adminSessions, adminUsers, events } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/password';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';

const PASSWORD = 'a-long-staff-password';

async function ensureAdmin(server: TestServer, email: string, name: string) {
  const existing = server.db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync();
  if (existing) return existing;
  return server.db
    .insert(adminUsers)
    .values({ email, name, passwordHash: await hashPassword(PASSWORD), lastLoginAt: new Date('2026-01-05T15:30:00Z') })
    .returning()
    .get();
}

test('staff sign in through the form and see their name and the last login date', async ({ page, server }) => {
  await ensureAdmin(server, 'morgan@centre.example', 'Morgan Lee');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('Morgan@Centre.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page.getByText('Welcome back, Morgan Lee')).toBeVisible();
  // The header shows the sign-in before this one, so staff notice one that was not theirs.
  await expect(page.getByText(/^Last login: Jan 05, 2026/)).toBeVisible();
  // A director sees every tab of the dashboard, in order (a tab's name may end with its count of new items).
  await expect(page.getByRole('tab')).toHaveText(ADMIN_TABS.map((t) => new RegExp(`^${staffEn[`staff.tab.${t.id}`]}`)));

  // The UI record is in local storage; the session is an HttpOnly cookie that scripts cannot read.
  const stored = await page.evaluate(() => window.localStorage.getItem('admin'));
  expect(JSON.parse(stored!)).toMatchObject({ email: 'morgan@centre.example', name: 'Morgan Lee' });
  expect(stored).not.toMatch(/argon2|hash/i);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('admin_session');
});

test('a wrong password shows the Login Failed toast, which F8 focuses, and stays on the login page', async ({
  visitorPage: page,
  server,
}) => {
  // What were two tests (F8 had a sign-in of its own): given the time of two.
  test.slow();
  await ensureAdmin(server, 'morgan@centre.example', 'Morgan Lee');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('morgan@centre.example');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByRole('alertdialog').getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('admin'))).toBeNull();
  // Focus, lost with the disabled button, is on the password to try again, not on <body>; the refusal is
  // said at it too, not only by the toast.
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Invalid email or password');
  // Required, as the e-mail is: the same asterisk beside its label.
  await expect(page.locator('main label', { hasText: 'Password' }).locator('..')).toHaveText('Password *');
  // F8 moves focus to the toast, as docs/product.md §9 says.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications.getByText('Login Failed')).toBeVisible();
  await page.keyboard.press('F8');
  await expect(notifications.getByRole('alertdialog')).toBeFocused();

  // 'Forgot your password?': once sent, the form and its button go; focus is on the answer, read out as a status.
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'If a staff account exists for that e-mail' });
  await expect(answer).toBeVisible();
  await expect(answer).toBeFocused();
});

test('without any session /admin and /admin-dashboard go to the login page', async ({ visitorPage: page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('Logout ends the session on the server, clears the record and goes home; /admin then asks to sign in', async ({
  directorPage: page,
}) => {
  await page.goto('/admin');
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();
  // /admin-dashboard is the same screen.
  await page.goto('/admin-dashboard');
  await expect(page.getByText(/^Welcome back, /)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('admin'))).toBeNull();
  // The cookie the browser held is dead on the server, not merely forgotten by the page.
  expect(await page.evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(401);

  // The fixture re-inserts the local-storage record on every page load; the server still says no.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a forged admin record in local storage, without a session cookie, gives no access to data', async ({ page, context }) => {
  await context.addInitScript(() =>
    window.localStorage.setItem('admin', JSON.stringify({ id: 'forged', email: 'mallory@example.com', name: 'Mallory' })),
  );
  const adminCalls: { url: string; status: number }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/')) adminCalls.push({ url: res.url(), status: res.status() });
  });

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Welcome back, Mallory')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveCount(0);
  // The only call the dashboard made was the session check, and the server refused it.
  expect(adminCalls.length).toBeGreaterThan(0);
  for (const call of adminCalls) expect(call.status, call.url).toBe(401);

  const statuses = await page.evaluate(async () => {
    const get = async (path: string) => (await fetch(path)).status;
    return {
      applications: await get('/api/enrollment-applications'),
      pictures: await get('/api/admin/pictures'),
      overview: await get('/api/trpc/overview.counts'),
      createEvent: (
        await fetch('/api/events', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'x', description: 'y', eventDate: '2030-01-01' }),
        })
      ).status,
    };
  });
  expect(statuses).toEqual({ applications: 401, pictures: 401, overview: 401, createEvent: 401 });
});

test('a session that ends while the Events tab is open: to sign in with a message, then back on the Events tab', async ({
  page,
  server,
}) => {
  await ensureAdmin(server, 'morgan@centre.example', 'Morgan Lee');
  const hidden = `Staff planning ${crypto.randomUUID().slice(0, 8)}`;
  server.db.insert(events).values({ title: hidden, description: 'Private', eventDate: '2030-01-02', isPublic: false }).run();
  const session = await server.adminCookie('morgan@centre.example');
  const [name, value] = session.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('seeded')) {
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem('admin', JSON.stringify({ id: 'x', email: 'morgan@centre.example', name: 'Morgan Lee' }));
    }
  });

  // The Overview's first-run checklist is read by a call of its own: answered before the session ends, or its 401
  // would end the session on the Overview, not on the Events tab this test opens.
  const checklistRead = page.waitForResponse((r) => r.url().includes('overview.setupChecklist'));
  await page.goto('/admin?tab=overview');
  await expect(page.getByText('Welcome back, Morgan Lee')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Overview' }).getByText('Loading...')).toHaveCount(0);
  expect((await checklistRead).status()).toBe(200);

  // The session expires (or is ended on another device) on the server.
  server.db.delete(adminSessions).run();
  await page.getByRole('tab', { name: 'Events' }).click();

  // Never a quietly shorter list of public events: the login page, saying why.
  await expect(page).toHaveURL(/\/admin\/login\?redirect=events$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended, please sign in again.' })).toBeVisible();
  await expect(page.getByText(hidden)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('admin'))).toBeNull();

  await page.getByLabel('Email').fill('morgan@centre.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=events$/);
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Events' }).getByRole('heading', { name: hidden })).toBeVisible();
});

test('the login page returns only to a known dashboard tab, never elsewhere', async ({ page, server }) => {
  await ensureAdmin(server, 'morgan@centre.example', 'Morgan Lee');
  // Other values are checked in tests/unit/admin-tabs.test.ts; here the whole sign-in with one of them.
  await page.goto(`/admin/login?redirect=${encodeURIComponent('https://evil.example')}`);
  await page.getByLabel('Email').fill('morgan@centre.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.url}/admin$`));
  await expect(page.getByText('Welcome back, Morgan Lee')).toBeVisible();
  await page.evaluate(() => window.localStorage.removeItem('admin'));
  await page.context().clearCookies();
  // Opening a tab's address without a session keeps the tab for after signing in; no message, nothing ended.
  await page.goto('/admin?tab=gallery');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=gallery$/);
  await expect(page.getByText('Your session has ended, please sign in again.')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('opening a tab by its address scrolls it into view in the tab bar', async ({ directorPage: page }) => {
    await page.goto('/admin?tab=gallery');
    const selected = page.getByRole('tab', { name: 'Gallery' });
    await expect(selected).toHaveAttribute('aria-selected', 'true');
    await expect(selected).toBeInViewport({ ratio: 0.95 });
  });
});
