import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { outboxMessages, parentPasswordResets, parentSessions, parentUsers } from '../../db/schema';
import { resetPasswordWordsEn as resetPasswordEn } from '../../src/client/components/parent-reset/words-en';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { resetPasswordWordsEs as resetPasswordEs } from '../../src/client/components/parent-reset/words-es';
import { en } from '../../src/shared/i18n/en';
import { es } from '../../src/shared/i18n/es';
import { loginEn } from '../../src/shared/i18n/login-en';
import { loginEs } from '../../src/shared/i18n/login-es';
import { portalEn } from '../../src/shared/i18n/portal-en';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { errorsEn } from '../../src/shared/i18n/errors-en';
import { errorsEs } from '../../src/shared/i18n/errors-es';
import { RESET_PAGE_REFUSALS } from '../../src/shared/i18n/reset-password';
import { RESET_LINK_INVALID } from '../../src/server/parents/passwords';
import { MILESTONES } from '../../db/milestones';
import { MILESTONES_ES } from '../../src/shared/i18n/milestones-es';
import { expect, pageReady, test } from './fixtures';
import { parentFamily, secondChild, signIn } from './parent-family';

/**
 * On a phone, a parent opens the portal's Preferences, chooses Español, and the portal is in Spanish at
 * once, and still after a reload (the server draws it in Spanish and the browser adopts it). Every tab is walked,
 * the server's HTML too, and any of the portal's English words left fails the test, its refusals included (a
 * message form sent empty, a new password too short, a wrong current password that only the server can judge).
 * What staff typed (the message, the request) is in Spanish here, so only the portal's own words are judged.
 */
test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 60_000 });

/**
 * The portal's English words that Spanish writes otherwise (long enough not to be part of a name), and the
 * schemas' and the server's refusals as English says them (errors-en.ts).
 */
const ENGLISH = [
  ...new Set(
    [
      ...(Object.keys(portalEn) as (keyof typeof portalEn)[]).filter((k) => portalEn[k] !== portalEs[k]).map((k) => portalEn[k]),
      ...Object.values(errorsEn),
    ]
      .map((message) => message.split(/\{[^}]*\}/)[0]!.trim())
      .filter((words) => words.length >= 6),
  ),
];
/** The site header's English words (nav.*) and the sign-in's (login-en.ts) that Spanish writes otherwise. */
const HEADER_ENGLISH = (Object.keys(en) as (keyof typeof en)[])
  .filter((k) => k.startsWith('nav.') && !k.startsWith('nav.otherLanguage') && en[k] !== es[k])
  .map((k) => en[k]);
const SIGN_IN_ENGLISH = (Object.keys(loginEn) as (keyof typeof loginEn)[])
  .filter((k) => !k.startsWith('login.meta.'))
  .map((k) => loginEn[k].split(/\{[^}]*\}/)[0]!.trim())
  .filter((words) => words.length >= 5);
const ENGLISH_WORDS = /\b(Loading|Please|Sign Out|Load more|Welcome|Overview|Payments|Messages|Journey|Receipt|Submit|Download)\b/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function englishIn(text: string): string[] {
  // Whole words only: 'Urgent' is not in 'Urgente', nor 'Document' in 'Documentos'.
  const found = ENGLISH.filter((words) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(words)}($|[^\\p{L}])`, 'u').test(text));
  const word = ENGLISH_WORDS.exec(text);
  return word ? [...found, word[0]] : found;
}

async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

/** `words` found whole in `text`. */
const foundIn = (text: string, words: string[]) =>
  words.filter((w) => new RegExp(`(^|[^\\p{L}])${escapeRegExp(w)}($|[^\\p{L}])`, 'u').test(text));

/**
 * What the header says to a person: the skip link, the navigation's name, its links and the phone menu's button and
 * list (opened, at 375 px), with their accessible names.
 */
async function headerWords(page: Page): Promise<string> {
  const nav = page.getByRole('navigation').first();
  const menu = page.locator('[data-phone-menu] button[aria-controls]');
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const words = [
    await page.locator('a[href="#main"]').textContent(),
    await nav.getAttribute('aria-label'),
    await page.locator('header').innerText(),
  ].join('\n');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  return words;
}

test('a parent on a phone chooses Español in the portal and sees it in Spanish, after a reload too', async ({
  parentPage: page,
  server,
}) => {
  // React says so in the console when what the browser draws differs from the server's page.
  const hydrationErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|did not match/i.test(m.text())) hydrationErrors.push(m.text());
  });
  const fam = await parentFamily(server, 'espanol');
  const sent = await server.request('/api/admin/communications', {
    method: 'POST',
    headers: fam.admin,
    json: { childId: fam.child.id, subject: 'Día de fotos', content: 'El viernes tomamos las fotos del grupo.', isUrgent: true },
  });
  expect(sent.status).toBe(201);
  const requested = await server.request('/api/admin/document-requests', {
    method: 'POST',
    headers: fam.admin,
    json: {
      childId: fam.child.id,
      documentType: 'immunization',
      title: 'Cartilla de vacunación',
      description: 'La más reciente.',
      dueDate: '2099-01-31',
    },
  });
  expect(requested.status).toBe(201);

  // A second child: the child select, with each child's program, is on the page too.
  await secondChild(server, fam);

  await signIn(page, fam.email, fam.password);
  const dialog = page.getByRole('dialog', { name: 'Preferences' });
  // A tap while React is still adopting the server's page can be lost (as any button's): tapped again until it opens.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Preferences' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  // A tap on the choice's words, as a finger does (React Aria hides the input under them).
  await dialog.locator('label').filter({ hasText: 'Español' }).click();
  await expect(dialog.getByRole('radio', { name: 'Español' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Said in the language just chosen.
  await expect(page.getByText('Preferencias guardadas')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `El desarrollo de ${fam.child.childName}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Resumen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Panel para padres | Little Buckeyes Learning Center');
  // The centre's milestones, which the server writes in the parent's language, are in Spanish at once too.
  await page.getByRole('tab', { name: 'Logros', exact: true }).click();
  const milestoneNames = page.getByRole('tabpanel').getByRole('heading', { level: 3 });
  await expect(milestoneNames.first()).toBeVisible();
  const englishNames = new Set(MILESTONES.map((m) => m.name).filter((name) => !Object.values(MILESTONES_ES).some((m) => m.name === name)));
  expect((await milestoneNames.allTextContents()).filter((name) => englishNames.has(name))).toEqual([]);

  await page.reload();
  await pageReady(page);
  await expect(page.getByRole('heading', { level: 1, name: `El desarrollo de ${fam.child.childName}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Panel para padres | Little Buckeyes Learning Center');
  await expect(page.getByRole('button', { name: /Elegir niño/ })).toContainText(`${fam.child.childName} (Programa preescolar)`);
  expect(englishIn(await mainText(page))).toEqual([]);

  // The site header above the portal speaks its language too (drawn so by the server, kept so as React adopts it):
  // the skip link, the navigation, the phone menu, and its 'Portal para padres' is the Spanish sign-in.
  await expect(page.getByRole('navigation', { name: es['nav.main'] })).toBeVisible();
  await expect(page.locator('a[href="#main"]')).toHaveText(es['nav.skip']);
  await page.getByRole('button', { name: es['nav.menu'] }).click();
  const phoneMenu = page.locator('[data-phone-menu] ul');
  for (const key of ['nav.events', 'nav.milestones', 'nav.parentPortal', 'nav.enrollment'] as const)
    await expect(phoneMenu.getByRole('link', { name: es[key], exact: true })).toBeVisible();
  await expect(phoneMenu.getByRole('link', { name: es['nav.parentPortal'] })).toHaveAttribute('href', '/es/parent-login');
  await expect(phoneMenu.getByRole('link', { name: es['nav.events'] })).toHaveAttribute('href', '/es/events');
  await page.getByRole('button', { name: es['nav.menu'] }).click();
  expect(foundIn(await headerWords(page), HEADER_ENGLISH)).toEqual([]);
  expect(hydrationErrors).toEqual([]);

  // The HTML the server draws for this parent is Spanish before any script runs.
  const html = await (await page.request.get('/parent-dashboard')).text();
  expect(html).toContain('<html lang="es">');
  expect(html).toContain(`El desarrollo de ${fam.child.childName}`);
  const drawn = html.slice(html.indexOf('<main'), html.indexOf('</main>')).replace(/<[^>]+>/g, ' ');
  expect(englishIn(drawn)).toEqual([]);

  // Every tab, and the Communication Center's two lists.
  const tabs: [string, string][] = [
    ['Actividades diarias', 'Todavía no hay actividades registradas'],
    ['Notas de desarrollo', 'Todavía no hay notas de desarrollo'],
    ['Logros', 'Logros para'],
    ['Comunicación', 'Día de fotos'],
    ['Pagos', 'Recibos de pago'],
  ];
  for (const [tab, shown] of tabs) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByText(shown).first()).toBeVisible();
    expect({ tab, english: englishIn(await mainText(page)) }).toEqual({ tab, english: [] });
  }
  await page.getByRole('tab', { name: 'Comunicación', exact: true }).click();
  await page.getByRole('tab', { name: /^Documentos/ }).click();
  await expect(page.getByText('Cartilla de vacunación')).toBeVisible();
  await expect(page.getByText('Registro de vacunas')).toBeVisible();
  expect(englishIn(await mainText(page))).toEqual([]);
  await page.getByRole('button', { name: 'Entregar documento para Cartilla de vacunación' }).click();
  const submit = page.getByRole('dialog', { name: 'Entregar documento' });
  await expect(submit.getByText('Elija un archivo')).toBeVisible();
  expect(englishIn(await submit.innerText())).toEqual([]);
  await submit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(submit).toBeHidden();

  // A message sent empty: the form's own check (the shared schema) says what is missing, in Spanish.
  await page.getByRole('tab', { name: /^Mensajes/ }).click();
  await page.getByRole('button', { name: 'Nuevo mensaje' }).click();
  const compose = page.getByRole('dialog', { name: 'Nuevo mensaje' });
  await compose.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(compose.getByText('Escriba el asunto')).toBeVisible();
  await expect(compose.getByText('Escriba el mensaje')).toBeVisible();
  expect(englishIn(await compose.innerText())).toEqual([]);
  await compose.getByRole('button', { name: 'Cancelar' }).click();
  await expect(compose).toBeHidden();

  // Change Password: its hint and rules in Spanish, checked here (too short) and by the server (a wrong current one).
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const password = page.getByRole('dialog', { name: 'Cambiar contraseña' });
  await expect(password.getByText('Al menos 10 caracteres; no use una contraseña común.')).toBeVisible();
  await expect(password.getByRole('button', { name: 'Mostrar contraseña' })).toHaveCount(2);
  await password.getByLabel('Contraseña actual').fill('no-es-la-mia');
  await password.getByLabel('Contraseña nueva').fill('corta');
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(password.getByText('Elija una contraseña de al menos 10 caracteres')).toBeVisible();
  expect(englishIn(await password.innerText())).toEqual([]);
  await password.getByLabel('Contraseña nueva').fill('una-frase-larga-y-nueva');
  await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(password.getByText('La contraseña actual no es correcta')).toBeVisible();
  expect(englishIn(await password.innerText())).toEqual([]);
  await password.getByRole('button', { name: 'Cerrar' }).click();
  await expect(password).toBeHidden();

  // Back to English from the same dialog: the portal follows at once.
  await page.getByRole('button', { name: 'Preferencias' }).click();
  const preferencias = page.getByRole('dialog', { name: 'Preferencias' });
  await preferencias.locator('label').filter({ hasText: 'English' }).click();
  await expect(preferencias.getByRole('radio', { name: 'English' })).toBeChecked();
  await preferencias.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${fam.child.childName}'s Development Journey` })).toBeVisible();
  await expect(page).toHaveTitle('Parent Dashboard | Little Buckeyes Learning Center');
});

test('a parent who reads Spanish resets the password from /es/parent-login (the e-mail, the page and the way back in Spanish), then signs in there, and signing out brings them back there', async ({
  parentPage: page,
  server,
}) => {
  // Two former tests' walk in one (a step each): their time in one budget.
  test.slow();
  /** The password the reset chooses, which the sign-in then uses. */
  const NEW_PASSWORD = 'una frase nueva y larga';
  const fam = await spanishFamily(server, 'olvido');
  await test.step('a parent who reads Spanish resets the password from /es/parent-login: the e-mail, the page and the way back in Spanish', async () => {
    // A link without its token says so, in Spanish.
    await page.goto('/es/parent-reset-password');
    await expect(page.getByRole('heading', { level: 1, name: resetPasswordEs.title })).toBeVisible();
    await expect(page.getByText(resetPasswordEs.incomplete)).toBeVisible();
    await expect(page.getByRole('link', { name: resetPasswordEs.goToSignIn })).toHaveAttribute('href', '/es/parent-login');

    await page.goto('/es/parent-login');
    await page.getByRole('button', { name: loginEs['login.forgot'] }).click();
    const ask = page.getByRole('form', { name: loginEs['login.resetLabel'] });
    await ask.getByLabel(loginEs['login.resetEmail']).fill(fam.email);
    await ask.getByRole('button', { name: loginEs['login.resetSend'] }).click();
    await expect(page.getByText(loginEs['login.resetRequested'])).toBeVisible();
    await drainMailQueue(server.db);
    const mail = server.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, fam.email)).all().at(-1)!;
    const link = /\/es\/parent-reset-password#token=[a-z2-7]+/.exec(mail.textBody)![0];

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: resetPasswordEs.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(new RegExp(`^${resetPasswordEs.title}`));
    const password = page.getByLabel(resetPasswordEs.newPassword, { exact: true });
    await expect(password).toHaveAccessibleDescription(resetPasswordEs.hint);
    // Too short, and not the same twice: the form says both in Spanish.
    await password.fill('corta');
    await page.getByLabel(resetPasswordEs.repeat, { exact: true }).fill('otra');
    await page.getByRole('button', { name: resetPasswordEs.save }).click();
    await expect(page.getByText('Elija una contraseña de al menos 10 caracteres')).toBeVisible();
    await expect(page.getByText(resetPasswordEs.mismatch)).toBeVisible();
    expect(foundIn(await page.locator('main').innerText(), RESET_ENGLISH)).toEqual([]);
    expect(foundIn(await headerWords(page), HEADER_ENGLISH)).toEqual([]);
    await expect(page.getByRole('button', { name: resetPasswordEs.show })).toHaveCount(2);

    // The link expires while the form is open: the server refuses in English, the page says it in Spanish.
    const parent = server.db.select().from(parentUsers).where(eq(parentUsers.email, fam.email)).get()!;
    const expire = (at: Date) =>
      server.db.update(parentPasswordResets).set({ expiresAt: at }).where(eq(parentPasswordResets.parentId, parent.id)).run();
    expire(new Date(Date.now() - 1_000));
    await password.fill(NEW_PASSWORD);
    await page.getByLabel(resetPasswordEs.repeat, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: resetPasswordEs.save }).click();
    const refused = page.getByRole('alertdialog').filter({ hasText: resetPasswordEs.notChanged });
    await expect(refused).toContainText(resetPasswordEs.refusals[RESET_LINK_INVALID]!);
    await expect(page.getByRole('region', { name: 'Notificaciones' })).toBeVisible();
    await expect(refused.getByRole('button', { name: 'Cerrar' })).toBeVisible();
    expect(foundIn(await refused.innerText(), RESET_ENGLISH)).toEqual([]);
    // (Live again, for the rest of the walk.)
    expire(new Date(Date.now() + 60 * 60 * 1000));

    await page.getByRole('button', { name: resetPasswordEs.save }).click();
    await expect(page).toHaveURL(/\/es\/parent-login\?notice=password-changed$/);
    await expect(page.getByText(loginEs['login.notice.passwordChanged'])).toBeVisible();

    // The same link again: used, and said so in Spanish as the page opens, with the way back to the Spanish sign-in.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(resetPasswordEs.refusals[RESET_LINK_INVALID]!);
    await expect(page.getByRole('link', { name: resetPasswordEs.goToSignIn })).toHaveAttribute('href', '/es/parent-login');
    expect(foundIn(await page.locator('main').innerText(), RESET_ENGLISH)).toEqual([]);
  });

  await test.step('a parent who reads Spanish signs in at /es/parent-login, and signing out brings them back there', async () => {
    const hydrationErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|did not match/i.test(m.text())) hydrationErrors.push(m.text());
    });

    // The Spanish sign-in, header and all, with no English left.
    await page.goto('/es/parent-login');
    await pageReady(page);
    await expect(page.getByRole('heading', { level: 1, name: loginEs['login.title'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(foundIn(await mainText(page), SIGN_IN_ENGLISH)).toEqual([]);
    expect(foundIn(await headerWords(page), HEADER_ENGLISH)).toEqual([]);
    // A wrong password, said by the server in English and shown by the page's script in Spanish.
    await page.getByLabel(loginEs['login.email']).fill(fam.email);
    await page.getByLabel(loginEs['login.password'], { exact: true }).fill('no-es-la-mia');
    await page.getByRole('button', { name: loginEs['login.signIn'] }).click();
    await expect(page.getByRole('alertdialog').getByText(errorsEs['error.invalidLogin'])).toBeVisible();
    // The toasts' live region and its close button are named in Spanish (the page's words, set before the region is made).
    await expect(page.getByRole('region', { name: loginEs['login.toast.region'], exact: true })).toHaveCount(1);
    await expect(page.getByRole('alertdialog').getByRole('button', { name: loginEs['login.toast.close'], exact: true })).toBeVisible();
    // Said at the password too, in Spanish (only the toast said it).
    await expect(page.getByLabel(loginEs['login.password'], { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(loginEs['login.password'], { exact: true })).toHaveAccessibleDescription(errorsEs['error.invalidLogin']);
    await expect(page.getByLabel(loginEs['login.password'], { exact: true })).toBeFocused();
    expect(foundIn(await page.locator('body').innerText(), SIGN_IN_ENGLISH)).toEqual([]);
    await page.getByLabel(loginEs['login.password'], { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: loginEs['login.signIn'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: `El desarrollo de ${fam.child.childName}` })).toBeVisible();
    await pageReady(page);
    await expect(page.getByText(loginEs['login.welcome'])).toBeVisible();
    expect(foundIn(await headerWords(page), HEADER_ENGLISH)).toEqual([]);

    // Signing out lands on the Spanish sign-in.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/es\/parent-login$/);
    await pageReady(page);
    await expect(page.getByRole('heading', { level: 1, name: loginEs['login.title'] })).toBeVisible();

    expect(hydrationErrors).toEqual([]);
  });
});

/** A parent whose saved language is Spanish (as the first test saves it in the portal). */
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

/** Ends every session of the parent on the server, as an expiry or a sign-out on another phone does. */
function endSessions(server: Parameters<typeof parentFamily>[0], email: string) {
  const parent = server.db.select().from(parentUsers).where(eq(parentUsers.email, email)).get()!;
  server.db.delete(parentSessions).where(eq(parentSessions.parentId, parent.id)).run();
}

/** The reset page's English words (and the refusals it may be told in English) that Spanish writes otherwise. */
const RESET_ENGLISH = [
  ...Object.values(resetPasswordEn).filter((v): v is string => typeof v === 'string' && v.length >= 6),
  ...RESET_PAGE_REFUSALS.map((id) => errorsEn[id]),
];

test('a session that ends while the Spanish portal is open sends the parent to the Spanish sign-in, which says why; a reload after the session expired lands there too', async ({
  parentPage: page,
  server,
}) => {
  // Two former tests' walk in one (a step each): their time in one budget.
  test.slow();
  const fam = await spanishFamily(server, 'termina');
  await test.step('a session that ends while the Spanish portal is open sends the parent to the Spanish sign-in, which says why', async () => {
    await signIn(page, fam.email, fam.password, `El desarrollo de ${fam.child.childName}`);
    // On a tab other than the first, which the sign-in is to come back to.
    await page.goto('/parent-dashboard?tab=notes');
    await expect(page.getByRole('tab', { name: 'Notas de desarrollo', exact: true })).toHaveAttribute('aria-selected', 'true');
    endSessions(server, fam.email);
    // The next call the portal makes (a tab's list) is refused: the portal leaves for the Spanish sign-in. A tap while
    // React adopts the page can be lost, so the tab is tapped again until the page has left (never a second call).
    const activities = page.getByRole('tab', { name: 'Actividades diarias', exact: true });
    const left = /\/es\/parent-login\?notice=session-ended&redirect=(notes|activities)$/;
    await expect(async () => {
      if (new URL(page.url()).pathname === '/parent-dashboard') await activities.click({ timeout: 2_000 }).catch(() => undefined);
      // With the tab that was open (the one chosen, or the one it was chosen from), to land on again after signing in.
      await expect(page).toHaveURL(left, { timeout: 2_000 });
    }).toPass();
    const tab = left.exec(page.url())![1]!;
    await pageReady(page);
    await expect(page.getByRole('heading', { level: 1, name: loginEs['login.title'] })).toBeVisible();
    await expect(page.getByText(loginEs['login.notice.sessionEnded'])).toBeVisible();
    expect(foundIn(await mainText(page), SIGN_IN_ENGLISH)).toEqual([]);
    // Signing in again lands on the tab that was open.
    await page.getByLabel(loginEs['login.email']).fill(fam.email);
    await page.getByLabel(loginEs['login.password'], { exact: true }).fill(fam.password);
    await page.getByRole('button', { name: loginEs['login.signIn'], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/parent-dashboard\\?tab=${tab}$`));
    await expect(
      page.getByRole('tab', { name: tab === 'notes' ? 'Notas de desarrollo' : 'Actividades diarias', exact: true }),
    ).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('a reload after the session expired lands on the Spanish sign-in for a parent whose portal was in Spanish', async () => {
    // Signed in again (the step before): on the dashboard's first tab.
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `El desarrollo de ${fam.child.childName}` })).toBeVisible();
    endSessions(server, fam.email);
    // The server no longer knows the parent: it sends the app's shell, in English; the portal remembers Spanish.
    await page.reload();
    await expect(page).toHaveURL(/\/es\/parent-login\?notice=session-ended$/);
    await expect(page.getByRole('heading', { level: 1, name: loginEs['login.title'] })).toBeVisible();
    await expect(page.getByText(loginEs['login.notice.sessionEnded'])).toBeVisible();
    // Nothing of the parent is left in the browser; the language is (it is not theirs to forget).
    expect(await page.evaluate(() => [localStorage.getItem('parentToken'), localStorage.getItem('parentUser')])).toEqual([null, null]);
    // Signed out, the portal's address sends them to the same sign-in.
    await page.goto('/parent-dashboard');
    await expect(page).toHaveURL(/\/es\/parent-login$/);
    await expect(page.getByRole('heading', { level: 1, name: loginEs['login.title'] })).toBeVisible();
  });
});
