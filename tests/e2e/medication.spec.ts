import type { BrowserContext } from '@playwright/test';
import { centreClock24 } from '../../src/shared/centre-clock';
import { portalEs } from '../../src/shared/i18n/portal-es';
import { staffTabsEn } from '../../src/shared/i18n/staff-tabs-en';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * Medication (ADR 092), the browser's walk: on a 375 px phone in Spanish a parent asks for a medicine with the
 * physician's instructions uploaded; the director approves it; on a 1024 px tablet a teacher records the dose from
 * the room's "due now" list and enters a form the parent signed on paper, with its scan; the parent sees the dose on
 * the Today tab. Every rule and refusal is in tests/integration/medication.test.ts.
 */
test.describe.configure({ timeout: 90_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A staff session in `context` (inserted, as loginAsAdmin does). */
async function staffIn(server: TestServer, context: BrowserContext, email: string, role: 'director' | 'teacher') {
  const cookie = await server.adminCookie(email, role);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const staff = server.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!;
  await context.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: staff.id, email, name: staff.name }),
  );
  return staff.name;
}

test('a parent asks on a phone in Spanish with an upload, the director approves, a teacher records the dose on a tablet, the parent sees it today', async ({
  server,
  browser,
  directorPage: director,
}) => {
  const fam = await parentFamily(server, 'medicina');
  const medicine = `Ibuprofeno ${fam.t}`;
  const login = await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
  const { token } = (await login.json()) as { token: string };
  const saved = await server.request('/api/parent/preferences', {
    method: 'PATCH',
    json: { language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status).toBe(200);

  // The parent, on a phone in Spanish.
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const parent = await phone.newPage();
  await signIn(parent, fam.email, fam.password, portalEs['portal.heading'].replace('{child}', fam.child.childName));
  await parent.getByRole('tab', { name: portalEs['portal.tab.health'] }).tap();
  const section = parent.getByRole('region', { name: portalEs['portal.medication.heading'] });
  await expect(section.getByText(portalEs['portal.medication.none'])).toBeVisible();
  await section.getByRole('button', { name: portalEs['portal.medication.ask'] }).tap();
  await section.getByRole('textbox', { name: portalEs['portal.medication.name'] }).fill(medicine);
  await section.getByRole('textbox', { name: portalEs['portal.medication.reason'] }).fill('Fiebre');
  await section.getByRole('textbox', { name: portalEs['portal.medication.dose'], exact: true }).fill('5 ml');
  await section.getByRole('textbox', { name: portalEs['portal.medication.route'] }).fill('Por la boca');
  // Due now: the time the centre's clock reads, so the teacher's dose below is within its hour.
  await section.getByRole('textbox', { name: portalEs['portal.medication.times'] }).fill(centreClock24(new Date()));
  await section.getByText(portalEs['portal.medication.physician.codeine-or-aspirin']).tap();
  await expect(section.getByRole('checkbox', { name: portalEs['portal.medication.physician.codeine-or-aspirin'] })).toBeChecked();
  await section
    .getByLabel(portalEs['portal.medication.file'])
    .setInputFiles({ name: 'receta.pdf', mimeType: 'application/pdf', buffer: PDF });
  await section.getByRole('textbox', { name: portalEs['portal.medication.signature'] }).fill(fam.child.parentName);
  await section.getByRole('button', { name: portalEs['portal.medication.send'] }).tap();
  const asked = section.getByRole('list', { name: portalEs['portal.medication.list'] }).getByRole('listitem').filter({ hasText: medicine });
  await expect(asked).toContainText(portalEs['portal.medication.status.pending']);
  await expect(asked.getByRole('link', { name: portalEs['portal.medication.document'] })).toBeVisible();
  expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The director approves it (the worker's director page, signed in once).
  await director.goto('/admin?tab=medication');
  const approve = director.getByRole('button', { name: `Approve ${medicine} for ${fam.child.childName}` });
  await approve.click();
  await expect(director.getByText(`${medicine} for ${fam.child.childName} was approved.`)).toBeVisible();
  await expect(approve).toHaveCount(0);

  // The teacher, on a 1024 px tablet, records the dose from the room's list.
  const tablet = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 }, hasTouch: true });
  const teacherName = await staffIn(server, tablet, 'meds.teacher@example.com', 'teacher');
  const teacher = await tablet.newPage();
  await teacher.goto('/admin?tab=medication');
  const due = teacher.getByRole('list', { name: 'Due now' }).getByRole('listitem').filter({ hasText: medicine });
  await due.getByRole('button', { name: `Record ${medicine} for ${fam.child.childName}` }).tap();
  const dialog = teacher.getByRole('dialog', { name: `${medicine} for ${fam.child.childName}` });
  await expect(dialog.getByRole('textbox', { name: 'Dose given' })).toHaveValue('5 ml');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Con agua');
  await dialog.getByRole('button', { name: 'Record', exact: true }).tap();
  const given = teacher.getByRole('list', { name: 'Today' }).getByRole('listitem').filter({ hasText: medicine });
  await expect(given).toContainText('Given at');

  // A form the parent signed on paper, entered by the teacher with its scan: it waits for the director's approval.
  const paper = `Amoxicilina ${fam.t}`;
  await teacher.getByRole('button', { name: staffTabsEn['staff.medication.enterPaper'] }).tap();
  const form = teacher.getByRole('dialog', { name: staffTabsEn['staff.medication.paperTitle'] });
  await form.getByRole('button', { name: new RegExp(staffTabsEn['staff.medication.child']) }).tap();
  await teacher.getByRole('option', { name: fam.child.childName }).tap();
  await form.getByRole('textbox', { name: staffTabsEn['staff.medication.name'] }).fill(paper);
  await form.getByRole('textbox', { name: staffTabsEn['staff.medication.reason'] }).fill('Otitis');
  await form.getByRole('textbox', { name: staffTabsEn['staff.medication.doseField'] }).fill('4 ml');
  await form.getByRole('textbox', { name: staffTabsEn['staff.medication.route'] }).fill('Por la boca');
  await form.getByRole('textbox', { name: staffTabsEn['staff.medication.times'] }).fill('08:00, 16:00');
  await form.getByRole('textbox', { name: staffTabsEn['staff.medication.signature'] }).fill(fam.child.parentName);
  await form
    .getByLabel(staffTabsEn['staff.medication.scan'])
    .setInputFiles({ name: 'formulario.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: staffTabsEn['staff.medication.enter'] }).tap();
  await expect(form).toHaveCount(0);
  const entered = teacher
    .getByRole('list', { name: staffTabsEn['staff.medication.requests'] })
    .getByRole('listitem')
    .filter({ hasText: paper });
  await expect(entered).toContainText('4 ml · Por la boca · 08:00, 16:00');
  await expect(entered).toContainText(`Signed "${fam.child.parentName}"`);
  await expect(entered).toContainText(`(sent by ${teacherName})`);
  await expect(entered.getByRole('link', { name: staffTabsEn['staff.medication.scan'] })).toBeVisible();
  await tablet.close();

  // The parent sees the dose on the Today tab.
  await parent.getByRole('tab', { name: portalEs['portal.tab.today'] }).tap();
  const today = parent.getByRole('region', { name: portalEs['portal.medication.today'] });
  await expect(today).toContainText(`${medicine}: 5 ml`);
  await expect(today).toContainText('Con agua');
  await phone.close();
});
