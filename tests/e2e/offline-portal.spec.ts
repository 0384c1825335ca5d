import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { expect, pageReady, test, assignLocation } from './fixtures';
import { parentFamily, signInWithForm as signIn } from './parent-family';

/**
 * The parent portal on the home screen (ADR 051), in Debian's Chromium with its service worker running:
 * installable, the last dashboard offline with its banner and nothing sent, and a second parent on the same phone
 * never seeing the first one's child, online or offline. Every wait is for a state (the worker controlling the
 * page, a kept copy in the cache, a heading), never for time.
 */
test.use({ serviceWorkers: 'allow' });
// Each test signs a parent in and waits for the worker to install (it keeps the dashboard's files first): on a
// shared, busy machine that alone can take most of the default 30 s.
test.beforeEach(() => test.slow());

/** Waits until the worker controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated');
}

/** Whether the worker keeps a dashboard document now, and whose (the cache's name holds the parent's id). */
async function keptCopies(page: Page): Promise<{ caches: string[]; document: boolean }> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('portal-personal-'));
    const document = names.length === 1 && !!(await (await caches.open(names[0]!)).match('/parent-dashboard#document'));
    return { caches: names, document };
  });
}

/** Every text the worker keeps for anyone, documents and answers. */
async function everythingKept(page: Page): Promise<string> {
  return page.evaluate(async () => {
    let all = '';
    for (const name of await caches.keys()) {
      if (!name.startsWith('portal-personal-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) all += `${request.url}\n${await (await cache.match(request))!.text()}\n`;
    }
    return all;
  });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/parent-login$/);
  await pageReady(page);
}

/** Has the portal's worker answer a message (it replies to `status`): it is running once this returns. */
async function awake(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => {
          if ((e.data as { type?: string } | null)?.type === 'status') resolve();
        });
        navigator.serviceWorker.startMessages();
        void navigator.serviceWorker.getRegistration('/parent-dashboard').then((r) => r!.active!.postMessage({ type: 'status' }));
      }),
  );
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('the portal is installable: manifest, icons, start URL and a worker that handles fetches', async ({
  server,
  browserName,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which a test's context is: a profile on disk.
  const profile = mkdtempSync(join(tmpdir(), 'portal-install-'));
  const config = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: config.launchOptions?.executablePath,
    args: config.launchOptions?.args,
    headless: true,
    baseURL: server.url,
    serviceWorkers: 'allow',
  });
  try {
    expect(browserName).toBe('chromium');
    const page = context.pages()[0] ?? (await context.newPage());
    const family = await parentFamily(server, 'install');
    await signIn(page, family.email, family.password);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('one phone: offline, the last dashboard opens with its banner and nothing can be sent; a second parent never sees the first one’s child, online or offline; a sign-out made offline is sent as soon as the phone is back online', async ({
  page,
  context,
  server,
}) => {
  // One walk, so the worker installs once (its install keeps the dashboard's files first): each step starts from
  // what the one before left, as on a real phone.
  const first = await parentFamily(server, 'first');
  const second = await parentFamily(server, 'second');
  await signIn(page, first.email, first.password);
  await controlled(page);
  // The dashboard the parent loaded is kept (its first visit: the worker asked for it once it took the page over).
  await expect.poll(async () => (await keptCopies(page)).document).toBe(true);
  expect(await everythingKept(page)).toContain(first.child.childName);

  await test.step('offline, the last dashboard opens with the offline banner, and nothing can be sent; the worker never controls the public pages nor the staff pages', async () => {
    await expect(page.getByText(/You are offline/)).toHaveCount(0);

    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `${first.child.childName}'s Development Journey` })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect(banner).toContainText(/You are offline\. Last updated [A-Z][a-z]{2} \d{2}, \d{4} \d{1,2}:\d{2} [AP]M\./);

    // Sending is paused: a message's Send, and the change of password.
    await page.getByRole('tab', { name: 'Communication' }).click();
    await page.getByRole('button', { name: 'New Message' }).click();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: /Change Password|Update Password|Save/ })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Back online: the banner goes and sending comes back.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: 'New Message' }).click();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The worker, controlling the portal, never controls the public pages nor the staff pages.
    for (const path of ['/', '/events', '/admin/login']) {
      await page.goto(path);
      expect(await page.evaluate(() => navigator.serviceWorker.controller), path).toBeNull();
    }
  });

  const session = await test.step('a second parent on the same phone never sees the first parent’s child, online', async () => {
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `${first.child.childName}'s Development Journey` })).toBeVisible();
    // Signing out drops every personal copy.
    await signOut(page);
    expect((await keptCopies(page)).caches).toEqual([]);

    await signIn(page, second.email, second.password);
    await controlled(page);
    await expect.poll(async () => (await keptCopies(page)).document).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: `${second.child.childName}'s Development Journey` })).toBeVisible();
    const kept = await everythingKept(page);
    expect(kept).toContain(second.child.childName);
    expect(kept).not.toContain(first.child.childName);
    expect((await keptCopies(page)).caches).toHaveLength(1);
    return (await context.cookies()).find((c) => c.name === 'parent_session')!;
  });
  const withOldCookie = () => server.request('/api/parent/me', { headers: { cookie: `parent_session=${session.value}` } });
  expect((await withOldCookie()).status).toBe(200);

  await test.step('offline, the dashboard is the second parent’s; signed out offline, the phone keeps nothing and says the sign-out has not reached the centre yet', async () => {
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `${second.child.childName}'s Development Journey` })).toBeVisible();
    await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
    expect(await page.content()).not.toContain(first.child.childName);

    // Offline, Sign Out: the sign-in page and the dashboard say the phone is offline, and that the sign-out has not
    // reached the centre yet (ADR 067).
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/parent-login$/);
    const offlinePage = page.getByRole('heading', { level: 1, name: 'You are offline.' });
    await expect(offlinePage).toBeVisible();
    await expect(page.getByText('Signing out has not reached the centre yet, so this phone is still signed in there.')).toBeVisible();
    expect((await keptCopies(page)).caches).toEqual([]);
    await assignLocation(page, '/parent-dashboard');
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await expect(offlinePage).toBeVisible();
    expect(await page.content()).not.toContain(second.child.childName);
    expect(await page.content()).not.toContain(first.child.childName);
  });

  await test.step('back online, the sign-out is sent before the dashboard opens: the sign-in page, and the session is gone at the server', async () => {
    await context.setOffline(false);
    await page.waitForFunction(() => navigator.onLine);
    await assignLocation(page, '/parent-dashboard');
    await expect(page).toHaveURL(/\/parent-login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Parent Portal' })).toBeVisible();
    await pageReady(page);
    expect(await page.content()).not.toContain(second.child.childName);
    expect((await withOldCookie()).status).toBe(401);
    expect((await context.cookies()).find((c) => c.name === 'parent_session')).toBeUndefined();
  });
});

test.describe('after a staff sign-in', () => {
  // Open defect: in 1-2 runs of 10 Chromium shows its own offline page for the portal's address, as if the activated
  // worker had not answered the navigation started from the staff page. Waking the worker first (`awake`) did not
  // cure it (a fresh-clone run of 29 November 2026 failed at the offline heading). One retry until it is found; the
  // assertions are unchanged. docs/testing.md, "Known flaky".
  test.describe.configure({ retries: 1 });

  test('a staff sign-in in the same browser drops the parent’s offline copy', async ({ page, context, server }) => {
    const family = await parentFamily(server, 'staffed');
    await signIn(page, family.email, family.password);
    await controlled(page);
    await expect.poll(async () => (await keptCopies(page)).document).toBe(true);

    // The director signs in on the same computer (the staff pages are not the worker's: ADR 051, ADR 067).
    await server.adminCookie();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('director@example.com');
    await page.getByLabel('Password', { exact: true }).fill('director-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect.poll(async () => (await keptCopies(page)).caches).toEqual([]);
    // The portal's worker is still the one that will answer the portal's address (only its copies went).
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/parent-dashboard'))?.active?.state ?? 'none'))
      .toBe('activated');

    // The worker answers a message now, so it is running when the navigation below reaches it: one stopping or starting
    // as a navigation reaches it lets Chromium load the page from the network instead, which offline is Chromium's own
    // error page (the page here, a staff page, is not the worker's client, so nothing else keeps it awake).
    await awake(page);

    // Offline, the portal has nothing of the parent's to show.
    await goOffline(context, page);
    await assignLocation(page, '/parent-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline.' })).toBeVisible();
    expect(await page.content()).not.toContain(family.child.childName);
  });
});
