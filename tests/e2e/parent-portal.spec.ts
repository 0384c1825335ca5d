import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { dailyActivities, developmentNotes, milestones, outboxMessages, parentSessions, parentUsers } from '../../db/schema';
import { centreDateOf } from '../../src/shared/centre-time';
import { PARENT_PASSWORD_HINT } from '../../src/shared/schemas/password-policy';
import type { TestServer } from '../helpers/server';
import { expect, openBeforeScripts, pageReady, test, watchForProblems } from './fixtures';
import { parentFamily } from './parent-family';
import { drainMailQueue } from '../../src/server/services/mail-queue';

const unique = () => Math.random().toString(36).slice(2, 8);

/** Staff enrol two children under one parent e-mail and generate the parent login (outbox mode answers the password). */
async function family(server: TestServer) {
  const id = unique();
  const email = `parent.${id}@example.com`;
  const admin = await server.adminCookie();
  const names = [`Ava ${id}`, `Ben ${id}`];
  const children: { id: string; childName: string }[] = [];
  let password = '';
  // Ava is 20 months old (1-2years), Ben 3 years (3-4years).
  const today = centreDateOf(new Date());
  const monthsAgo = (n: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d.toISOString().slice(0, 10);
  };
  for (const [i, childName] of names.entries()) {
    const res = await server.request('/api/admin/enrolled-children', {
      method: 'POST',
      json: {
        childName,
        dateOfBirth: monthsAgo(i === 0 ? 20 : 36),
        program: i === 0 ? 'infant' : 'preschool',
        startDate: '2026-01-05',
        parentName: 'Pat Quinn',
        parentEmail: email,
      },
      headers: { cookie: admin },
    });
    const child = (await res.json()) as { id: string; childName: string };
    children.push(child);
    const login = (await (
      await server.request(`/api/admin/generate-parent-login/${child.id}`, { method: 'POST', headers: { cookie: admin } })
    ).json()) as { isExisting: boolean; credentials: { password: string } };
    if (!login.isExisting) password = login.credentials.password;
  }
  return { email, password, children, today };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/parent-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Parent Portal' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The dashboard is a full page load (the sign-in is a document of its own, ADR 037).
  await expect(page).toHaveURL(/\/parent-dashboard$/);
  await pageReady(page);
}

// Each flow enrols a family through the API (argon2id hashes) before it starts: a longer budget than one page.
test.slow();

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('a parent signs in (a wrong password first), switches children, sees activities, notes and the right milestones, signs out, and a session that ends sends them back with a sentence', async ({
    page,
    server,
  }) => {
    const fam = await family(server);
    const [ava, ben] = fam.children as [{ id: string; childName: string }, { id: string; childName: string }];
    server.db
      .insert(dailyActivities)
      .values({
        childId: ava.id,
        activityDate: fam.today,
        category: 'outdoor',
        title: 'Leaf hunt',
        description: 'Collected red leaves',
        duration: 30,
        skillsPracticed: ['sorting', 'counting'],
        enjoymentLevel: 5,
      })
      .run();
    server.db
      .insert(dailyActivities)
      .values({ childId: ben.id, activityDate: fam.today, category: 'creative', title: 'Finger painting', description: 'Painted a sun' })
      .run();
    server.db
      .insert(developmentNotes)
      .values({
        childId: ava.id,
        authorName: 'Classroom Teacher',
        category: 'language',
        title: 'New words',
        content: 'Said butterfly',
        skillsObserved: ['vocabulary'],
      })
      .run();
    server.db
      .insert(developmentNotes)
      .values({
        childId: ava.id,
        authorName: 'Classroom Teacher',
        category: 'social',
        title: 'Staff-only observation',
        content: 'Private',
        isPrivate: true,
      })
      .run();
    const toddler = server.db.select().from(milestones).where(eq(milestones.ageRange, '1-2years')).all();
    const preschool = server.db.select().from(milestones).where(eq(milestones.ageRange, '3-4years')).all();

    // A wrong password says so.
    await page.goto('/parent-login');
    await page.getByLabel('Email').fill(fam.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByRole('alertdialog').getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    await signIn(page, fam.email, fam.password);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${ava.childName}'s Development Journey` })).toBeVisible();
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByText('Total Activities')).toBeVisible();
    await expect(glance.getByText('Skills Practiced')).toBeVisible();
    // Every tab label and stat title is whole on the phone: within the screen, and no word broken over two lines.
    for (const tab of await page.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(375);
    }
    const widest = await glance.getByText('Development Notes').evaluate((el) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = getComputedStyle(el).font;
      return { word: ctx.measureText('Development').width, box: el.clientWidth };
    });
    expect(widest.word).toBeLessThanOrEqual(widest.box);
    // The header's three buttons look alike, each at least 44 px square, on one row within the screen.
    const headerButtons = ['Preferences', 'Change Password', 'Sign Out'].map((name) => page.getByRole('button', { name, exact: true }));
    const looks = await Promise.all(
      headerButtons.map((button) =>
        button.evaluate((el) => {
          const s = getComputedStyle(el);
          const b = el.getBoundingClientRect();
          const look = [s.backgroundColor, s.color, s.borderTopWidth, s.borderTopColor, s.borderRadius, s.fontSize, s.fontWeight];
          return { look: look.join(' '), x: b.x, y: b.y, width: b.width, height: b.height };
        }),
      ),
    );
    for (const box of looks) {
      expect(box.look).toBe(looks[0]!.look);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y).toBe(looks[0]!.y);
      expect(box.height).toBe(looks[0]!.height);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }

    // Today is the tab a parent sees first; the overview: the latest notes and activities, never the private note.
    await expect(page.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'New words' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Leaf hunt' })).toBeVisible();
    await expect(page.getByText('Staff-only observation')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Daily Activities' }).click();
    const activities = page.getByRole('list', { name: 'Daily activities' });
    await expect(activities.getByText('Leaf hunt')).toBeVisible();
    await expect(activities.getByText('30 minutes')).toBeVisible();
    await expect(activities.getByText('Enjoyment: 5/5')).toBeVisible();

    await page.getByRole('tab', { name: 'Development Notes' }).click();
    await expect(page.getByRole('list', { name: 'Development notes' }).getByText('Said butterfly')).toBeVisible();

    await page.getByRole('tab', { name: 'Milestones' }).click();
    await expect(page.getByText('Milestones for 1-2 years.')).toBeVisible();
    await expect(page.getByRole('heading', { name: toddler[0]!.name })).toBeVisible();

    // The other child: its own activities and milestones.
    await page.getByRole('button', { name: /Select Child/ }).click();
    // The program as docs/product.md names it, not its stored code.
    await page.getByRole('option', { name: `${ben.childName} (Preschool Program)` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${ben.childName}'s Development Journey` })).toBeVisible();
    await expect(page.getByText('Milestones for 3-4 years.')).toBeVisible();
    await expect(page.getByRole('heading', { name: preschool[0]!.name })).toBeVisible();
    await page.getByRole('tab', { name: 'Daily Activities' }).click();
    await expect(page.getByRole('list', { name: 'Daily activities' }).getByText('Finger painting')).toBeVisible();
    await expect(page.getByText('Leaf hunt')).toHaveCount(0);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/parent-login$/);
    await page.goto('/parent-dashboard');
    await expect(page).toHaveURL(/\/parent-login$/);
    expect(
      server.db
        .select()
        .from(parentSessions)
        .innerJoin(parentUsers, eq(parentUsers.id, parentSessions.parentId))
        .where(eq(parentUsers.email, fam.email))
        .all(),
    ).toHaveLength(0);

    // Signed in again, staff close the account elsewhere: the next load ends on the sign-in page, with a plain sentence.
    await signIn(page, fam.email, fam.password);
    await expect(page.getByRole('heading', { level: 1, name: /Development Journey/ })).toBeVisible();
    const parent = server.db.select().from(parentUsers).where(eq(parentUsers.email, fam.email)).get()!;
    server.db.delete(parentSessions).where(eq(parentSessions.parentId, parent.id)).run();
    await page.reload();
    await expect(page).toHaveURL(/\/parent-login/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  });
});

test('a parent who signs in before the page script has run is signed in by the server, and lands on the dashboard', async ({
  parentPage: page,
  server,
}) => {
  const fam = await family(server);
  // The page is drawn on the server: its form works before its script is there (a slow phone).
  const ready = await openBeforeScripts(page, '/parent-login', (p) => p.getByLabel('Email'), /\/assets\/parent-login-[^/]*\.js$/);
  await page.getByLabel('Email').fill(fam.email);
  await page.getByLabel('Password', { exact: true }).fill(fam.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/parent-dashboard$/);
  await ready();
  await expect(page.getByRole('heading', { level: 1, name: /Development Journey/ })).toBeVisible();
});

test('a signed-out parent who opens a tab by its address (a link in an e-mail) lands on that tab after signing in', async ({
  parentPage: page,
  server,
}) => {
  const fam = await family(server);
  await page.goto('/parent-dashboard?tab=communication');
  await expect(page).toHaveURL(/\/parent-login\?redirect=communication$/);
  await pageReady(page);
  await page.getByLabel('Email').fill(fam.email);
  await page.getByLabel('Password', { exact: true }).fill(fam.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/parent-dashboard\?tab=communication$/);
  await expect(page.getByRole('tab', { name: 'Communication', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Communication Center' })).toBeVisible();
});

test('a reset link: an unknown one is said as the page opens; a real one says what the new password must be, read out with the field', async ({
  parentPage: page,
  server,
}) => {
  await test.step('a used, expired or unknown reset link is said as the page opens, before any password is typed', async () => {
    await page.goto('/parent-reset-password#token=abc');
    await expect(page.getByRole('alert')).toHaveText(
      'This reset link is invalid, was already used or has expired. Please ask for a new one.',
    );
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  });

  await test.step('choosing a new password from a reset link: the page says what it must be, read out with the field', async () => {
    // Another document (the link differs only after its #).
    await page.goto('/favicon.svg');
    const fam = await parentFamily(server, 'reset');
    expect((await server.request('/api/parent/forgot-password', { method: 'POST', json: { email: fam.email } })).status).toBe(200);
    // The reset e-mail is queued and sent after the answer: its outbox copy holds the link until it is used.
    await drainMailQueue(server.db);
    const mail = server.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, fam.email)).all().at(-1)!;
    const token = mail.textBody.match(/parent-reset-password#token=([a-z0-9]+)/)![1]!;
    await page.goto(`/parent-reset-password#token=${token}`);
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(PARENT_PASSWORD_HINT);
    // Too short: the message at the field, and focus on it, as every form's messages take it (it stayed on
    // the button); then a repeat that differs takes it.
    const fresh = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('Repeat the new password', { exact: true });
    await fresh.fill('short');
    await repeat.fill('short');
    await page.getByRole('button', { name: 'Save new password' }).focus();
    await page.keyboard.press('Enter');
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
    await expect(fresh).toBeFocused();
    await fresh.fill('a much longer password 42');
    await page.getByRole('button', { name: 'Save new password' }).focus();
    await page.keyboard.press('Enter');
    await expect(repeat).toHaveAccessibleDescription('The two passwords are not the same');
    await expect(repeat).toBeFocused();
  });
});

test('the sign-in page shows only its own notices; a staff session in the same browser (no parent session) sends to the parent sign-in with the tab asked for, and the parent who signs in there reaches the dashboard', async ({
  page,
  server,
  loginAsAdmin,
}) => {
  // What the server draws with a notice in the address is read in tests/integration/server-html.test.ts; here, the page
  // with its script: the notice shown, nothing from the address, no console error or CSP violation.
  await test.step('the sign-in page shows only its own notices, never words taken from the address', async () => {
    const problems = await watchForProblems(page);
    await page.goto('/parent-login?notice=Your%20account%20is%20locked.%20Call%20555-0100');
    await expect(page.getByRole('heading', { level: 1, name: 'Parent Portal' })).toBeVisible();
    await expect(page.getByText('Call 555-0100')).toHaveCount(0);
    await page.goto('/parent-login?notice=session-ended');
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await problems();
  });

  const fam = await family(server);
  // A parent signed in here once (their record is still stored, their session has ended), then the director signed in
  // to the dashboard in the same browser: the staff cookie is the session every call carries, and the portal answers 403.
  await signIn(page, fam.email, fam.password);
  // Off the dashboard before its session ends: its own reads would meet the ended session and send it to the sign-in
  // page, a navigation that could cut across the goto below (net::ERR_ABORTED).
  await page.goto('/');
  const parent = server.db.select().from(parentUsers).where(eq(parentUsers.email, fam.email)).get()!;
  server.db.delete(parentSessions).where(eq(parentSessions.parentId, parent.id)).run();
  await loginAsAdmin();
  await page.goto('/parent-dashboard?tab=communication');
  await expect(page).toHaveURL(/\/parent-login\?notice=session-ended&redirect=communication$/);
  await pageReady(page);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.locator('input[name="redirect"]').first()).toHaveValue('communication');
  // The parent signs in here, the staff cookie still in the browser: one account per browser (ADR 062), the
  // sign-in ends the staff session, and the parent stays on their dashboard instead of being sent back here.
  await page.getByLabel('Email').fill(fam.email);
  await page.getByLabel('Password', { exact: true }).fill(fam.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/parent-dashboard\?tab=communication$/);
  await pageReady(page);
  await expect(page.getByRole('heading', { name: 'Communication Center' })).toBeVisible();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('admin_session');
  await page.reload();
  await expect(page).toHaveURL(/\/parent-dashboard\?tab=communication$/);
  await expect(page.getByRole('heading', { name: 'Communication Center' })).toBeVisible();
});

test("the sign-in page: 'Forgot your password?' in place, the busy state and a refusal, then sign-in through the JSON call with the token stored and the welcome toast", async ({
  parentPage: page,
  server,
}) => {
  const fam = await family(server);
  await test.step("'Forgot your password?' opens in place and answers the same sentence for any e-mail", async () => {
    await page.goto('/parent-login');
    await page.getByLabel('Email').fill('someone@example.com');
    const toggle = page.getByRole('button', { name: 'Forgot your password?' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\/parent-login$/);
    const reset = page.getByRole('form', { name: 'Reset your password' });
    await expect(reset.getByLabel('Your email')).toHaveValue('someone@example.com');
    await reset.getByLabel('Your email').fill('nope');
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await expect(reset.getByLabel('Your email')).toHaveAccessibleDescription('Please enter a valid email address');
    await reset.getByLabel('Your email').fill('someone@example.com');
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'If a Parent Portal account exists for that e-mail' });
    await expect(answer).toBeVisible();
    // The form and its button are gone: focus is on the answer, not on <body>.
    await expect(answer).toBeFocused();
  });

  await test.step('the busy state and a refusal: Signing in... while the call is out, then Login Failed with the sentence', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/parent/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/parent-login');
    await page.getByLabel('Email').fill(fam.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page.getByRole('alertdialog').getByText('Login Failed')).toBeVisible();
    await expect(page.getByRole('alertdialog').getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // Focus, lost with the disabled button, is on the password to try again, not on <body>; the refusal is
    // said at it too, not only by the toast, and goes once the password is edited.
    const passwordField = page.getByLabel('Password', { exact: true });
    await expect(passwordField).toBeFocused();
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toHaveAccessibleDescription('Invalid email or password');
    await passwordField.press('x');
    await expect(passwordField).not.toHaveAttribute('aria-invalid');
    await expect(passwordField).toHaveAccessibleDescription('');
    // Required, as the e-mail is: the same asterisk beside its label.
    await expect(page.locator('label[for="password"]').locator('..')).toHaveText('Password *');
    await expect(page.locator('label[for="email"]')).toHaveText('Email *');
    // The password can be shown to check it.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await page.unrouteAll();
  });

  await test.step('with the page script, sign-in goes through the JSON call: the token and parent record are stored and the welcome toast shows', async () => {
    const calls: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && calls.push(new URL(r.url()).pathname));
    await signIn(page, fam.email, fam.password);
    expect(calls).toContain('/api/parent/login');
    expect(calls).not.toContain('/parent-login');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText('Hello, Pat! Here is how your child is doing.')).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('parentToken'),
      parent: JSON.parse(localStorage.getItem('parentUser') ?? 'null') as { email: string } | null,
    }));
    expect(stored.token).toMatch(/\S+/);
    expect(stored.parent?.email).toBe(fam.email);
    // Signed in, the sign-in page sends the parent on to the dashboard.
    await page.goto('/parent-login');
    await expect(page).toHaveURL(/\/parent-dashboard$/);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("empty fields get the product's messages at the fields, 'Forgot your password?' works by posting, a wrong password says so at the form, and the dashboard works from the cookie", async ({
    page,
    server,
  }) => {
    await page.goto('/parent-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required');
    await expect(page.getByLabel('Email')).toBeFocused();
    // No Show password button without the script that works it.
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/parent-login\?forgot=1$/);
    const reset = page.getByRole('form', { name: 'Reset your password' });
    await reset.getByLabel('Your email').fill('someone@example.com');
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If a Parent Portal account exists for that e-mail' })).toBeVisible();

    const fam = await family(server);
    await page.goto('/parent-login');
    await page.getByLabel('Email').fill(fam.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('Login Failed');
    await expect(failure).toContainText('Invalid email or password');
    await expect(page.getByLabel('Email')).toHaveValue(fam.email);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    // Said at the password too.
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Invalid email or password');

    await page.getByLabel('Password', { exact: true }).fill(fam.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    // Drawn by the server for this parent (ADR 011), with no script at all.
    await expect(page.getByRole('heading', { level: 1, name: /Development Journey/ })).toBeVisible();
    await expect(page.getByText('Total Activities')).toBeVisible();
    // Signed in, the sign-in page sends them on.
    await page.goto('/parent-login');
    await expect(page).toHaveURL(/\/parent-dashboard$/);
  });
});

test('staff add an activity and a note in the Activities tab, and the parent sees them', async ({
  directorPage: page,
  parentPage,
  server,
}) => {
  const fam = await family(server);
  const ava = fam.children[0]!;
  const title = `Sandbox ${unique()}`;
  await page.goto('/admin?tab=activities');
  await page.getByRole('button', { name: /Select Child/ }).click();
  await page.getByRole('option', { name: ava.childName }).click();
  await expect(page.getByText('No activities recorded yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Daily Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Daily Activity' });
  await dialog.getByRole('button', { name: 'Add Activity' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Built a castle');
  await dialog.getByLabel('Duration (minutes)').fill('25');
  await dialog.getByLabel('Skills practiced').fill('digging,  sharing ');
  await dialog.getByRole('button', { name: 'Add Activity' }).click();
  await expect(dialog).toBeHidden();
  const recent = page.getByRole('list', { name: 'Recent activities' });
  await expect(recent.getByText(title)).toBeVisible();
  await expect(recent.getByText('Skills: digging, sharing')).toBeVisible();

  await page.getByRole('button', { name: 'Add Development Note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add Development Note' });
  await noteDialog.getByLabel('Title').fill('Shares toys');
  await noteDialog.getByLabel('Content').fill('Offered the bucket to a friend');
  await noteDialog.getByLabel('Skills observed').fill('sharing');
  await noteDialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(noteDialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Recent development notes' }).getByText('Shares toys')).toBeVisible();

  // The parent on a phone.
  await parentPage.setViewportSize({ width: 375, height: 812 });
  await signIn(parentPage, fam.email, fam.password);
  await parentPage.getByRole('tab', { name: 'Overview' }).click();
  await expect(parentPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(parentPage.getByRole('heading', { name: 'Shares toys' })).toBeVisible();
});
