import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { enrolledChildren } from '../../db/schema';
import { portalEn } from '../../src/shared/i18n/portal-en';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { loginEs } from '../../src/shared/i18n/login-es';
import { expect, pageReady, test, assignLocation } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * What looked unfinished: Spanish offered at once in a Spanish browser's header (a link, never a redirect), the
 * calendar feed in the portal in the parent's language, the portal's offline page in Spanish, and the caption
 * under each photo of the day in the staff's Daily sheets.
 */

// The machine these run on is shared and often busy: every test here loads a whole page or two.
test.beforeEach(() => test.slow());

test.describe('a phone whose browser reads Spanish', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'es-MX' });

  test('opening / sees "Español" in the header at once, a link (no redirect) to /es', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const spanish = nav.getByRole('link', { name: 'Español' });
    // Without opening the menu.
    await expect(nav.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(spanish).toBeVisible();
    await expect(spanish).toHaveAttribute('href', '/es');
    await expect(spanish).toHaveAttribute('hreflang', 'es');
    await spanish.click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'English' })).toBeVisible();
  });
});

/** A parent whose saved language is Spanish. */
async function spanishFamily(server: Parameters<typeof parentFamily>[0], prefix: string) {
  const fam = await parentFamily(server, prefix);
  const login = await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
  const { token } = (await login.json()) as { token: string };
  const saved = await server.request('/api/parent/preferences', {
    method: 'PATCH',
    json: { language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status).toBe(200);
  return fam;
}

test.describe('the parent portal', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("links the centre's calendar feed in Spanish for a parent who reads Spanish", async ({ parentPage: page, server }) => {
    const fam = await spanishFamily(server, 'calendario');
    await signIn(page, fam.email, fam.password, /El desarrollo de/);
    await page.goto('/parent-dashboard?tab=overview');
    await pageReady(page);
    const spanish = page.getByRole('link', { name: portalEs['portal.calendar.subscribe'] });
    await expect(spanish).toBeVisible();
    await expect(spanish).toHaveAttribute('href', `webcal://${new URL(server.url).host}/api/events.ics?lang=es`);
  });

  test("links the centre's calendar feed in English for a parent who reads English", async ({ parentPage: page, server }) => {
    const fam = await parentFamily(server, 'calendar');
    await signIn(page, fam.email, fam.password);
    await page.goto('/parent-dashboard?tab=overview');
    await pageReady(page);
    const link = page.getByRole('link', { name: portalEn['portal.calendar.subscribe'] });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `webcal://${new URL(server.url).host}/api/events.ics`);
  });
});

test.describe('offline, with the portal worker running', () => {
  test.use({ serviceWorkers: 'allow' });

  test("a Spanish reader's offline page is in Spanish", async ({ page, server, context }) => {
    const fam = await spanishFamily(server, 'sinred');
    await signIn(page, fam.email, fam.password, /El desarrollo de/);
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated');
    // The page has told the worker its language.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const kept = await (await caches.open('portal-language')).match('/portal-language');
          return kept ? kept.text() : null;
        }),
      )
      .toBe('es');
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await assignLocation(page, '/parent-login');
    await expect(page.getByRole('heading', { level: 1, name: loginEs['login.offline.heading'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText(loginEs['login.offline.body'])).toBeVisible();
    await context.setOffline(false);
  });
});

test("the staff's Daily sheets show each photo's caption under it", async ({ directorPage: page, server }) => {
  const fam = await parentFamily(server, 'caption');
  server.db.update(enrolledChildren).set({ photoConsent: true }).where(eq(enrolledChildren.id, fam.child.id)).run();
  const form = new FormData();
  const jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  form.append('picture', new Blob([jpeg as BlobPart], { type: 'image/jpeg' }), 'paint.jpg');
  form.append('childIds[]', fam.child.id);
  form.append('caption', `Finger painting ${fam.t}`);
  const uploaded = await server.request('/api/admin/child-photos', { method: 'POST', body: form, headers: fam.admin });
  expect(uploaded.status).toBe(201);

  await page.goto('/admin?tab=daily');
  const photos = page.getByRole('list', { name: 'Photos of the day' });
  const item = photos.getByRole('listitem').filter({ has: page.getByRole('img', { name: `Finger painting ${fam.t}` }) });
  await expect(item.getByText(`Finger painting ${fam.t}`, { exact: true })).toBeVisible();
  await expect(item.getByText(fam.child.childName)).toBeVisible();
});
