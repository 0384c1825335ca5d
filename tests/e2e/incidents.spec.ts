import { eq } from 'drizzle-orm';
import { classrooms, enrolledChildren } from '../../db/schema';
import { expect, test } from './fixtures';
import { parentFamily, signIn } from './parent-family';

/**
 * An incident report on screen (ADR 093): a teacher on a 1024 px tablet writes one; at check-out the dialog shows
 * it, not yet acknowledged, with the paper copy to hand over; the parent, on a 375 px phone in Spanish, is told on
 * the Today tab, reads it in the Health tab and signs it. Every rule and refusal is in
 * tests/integration/incidents.test.ts; this walks the screens once.
 */
test('a teacher records an incident on a tablet, sees it at check-out, and the Spanish-speaking parent signs it on a phone', async ({
  server,
  browser,
}) => {
  // Two devices and two sign-ins: a long flow.
  test.slow();
  const fam = await parentFamily(server, 'incident');
  const name = fam.child.childName;
  const room = server.db
    .insert(classrooms)
    .values({ name: `Willows ${fam.t}`, ageGroup: 'preschool_3', capacity: 12 })
    .returning()
    .get();
  server.db.update(enrolledChildren).set({ classroomId: room.id }).where(eq(enrolledChildren.id, fam.child.id)).run();
  const login = await server.request('/api/parent/login', { method: 'POST', json: { email: fam.email, password: fam.password } });
  const { token } = (await login.json()) as { token: string };
  const spanish = await server.request('/api/parent/preferences', {
    method: 'PATCH',
    json: { language: 'es' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(spanish.status).toBe(200);
  const checkIn = await server.request('/api/admin/attendance', {
    method: 'POST',
    headers: fam.admin,
    json: { childId: fam.child.id, kind: 'in', by: fam.child.parentName },
  });
  expect(checkIn.status).toBe(201);

  // The teacher, on a 1024 px tablet.
  const tablet = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 }, hasTouch: true });
  const email = `teacher.${fam.t}@example.com`;
  const [cookieName, cookieValue] = (await server.adminCookie(email, 'teacher')).split('=') as [string, string];
  await tablet.addCookies([{ name: cookieName, value: cookieValue, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const teacher = server.db.query.adminUsers.findFirst({ where: (a, { eq }) => eq(a.email, email) }).sync()!;
  await tablet.addInitScript(
    (record) => window.localStorage.setItem('admin', record),
    JSON.stringify({ id: teacher.id, email: teacher.email, name: teacher.name }),
  );
  const t = await tablet.newPage();
  await t.goto('/admin?tab=incidents');
  await expect(t.getByRole('heading', { level: 2, name: 'Incidents' })).toBeVisible();
  await t.getByRole('button', { name: 'New incident report' }).tap();
  const form = t.getByRole('dialog', { name: 'New incident report' });
  await form.getByRole('button', { name: /Child/ }).tap();
  await t.getByRole('option', { name }).tap();
  await form.getByRole('textbox', { name: 'Where' }).fill('Playground');
  await form.getByRole('button', { name: /Kind/ }).tap();
  await t.getByRole('option', { name: 'Bump to the head' }).tap();
  await form.getByRole('textbox', { name: 'What happened' }).fill('Bumped her forehead on the slide');
  await form.getByRole('textbox', { name: 'First aid given' }).fill('Cold pack for ten minutes');
  await form.getByRole('textbox', { name: 'Staff witnesses' }).fill('Tess Teacher');
  await form.getByRole('button', { name: 'Save report' }).tap();
  await expect(form).toBeHidden();
  const report = t.getByRole('list', { name: 'Incident reports of the last 30 days' }).getByRole('listitem').filter({ hasText: name });
  await expect(report).toContainText(`${name}: Bump to the head`);
  await expect(report).toContainText('Not yet acknowledged by the parent');

  // At check-out, before the parent has signed: the report, and the paper copy to hand over.
  await t.getByRole('tab', { name: 'Attendance' }).tap();
  await t
    .getByRole('region', { name: room.name })
    .getByRole('button', { name: `Check out ${name}` })
    .tap();
  const checkOut = t.getByRole('dialog', { name: `Check out ${name}` });
  const waiting = checkOut.getByRole('region', { name: 'Incident report from today, not yet acknowledged' });
  await expect(waiting).toContainText(/Bump to the head at \d{1,2}:\d{2} (AM|PM), Playground/);
  await checkOut.getByRole('button', { name: 'Close' }).tap();
  await expect(checkOut).toBeHidden();
  await tablet.close();

  // The parent, on a 375 px phone in Spanish: told on the Today tab, reads and signs it in the Health tab.
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const p = await phone.newPage();
  await signIn(p, fam.email, fam.password, `El desarrollo de ${name}`);
  await expect(p.getByText(`Hay un informe de incidente de ${name} para leer y firmar.`)).toBeVisible();
  await p.getByRole('button', { name: 'Leer y firmar' }).tap();
  await expect(p.getByRole('tab', { name: 'Salud', selected: true })).toBeVisible();
  const reports = p.getByRole('list', { name: 'Informes de incidentes' }).getByRole('listitem');
  await expect(reports).toHaveCount(1);
  await expect(reports).toContainText('Golpe en la cabeza');
  await expect(reports).toContainText('Bumped her forehead on the slide');
  await reports.getByRole('textbox', { name: 'Escriba su nombre completo para firmar' }).fill(fam.child.parentName);
  await reports.getByRole('button', { name: 'Firmar: recibí este informe' }).tap();
  await expect(reports).toContainText(`Firmado por ${fam.child.parentName}`);
  await expect(reports.getByRole('textbox')).toHaveCount(0);
  await phone.close();
});
