/**
 * Medication authorizations and doses (ADR 092): a parent's request (12 months at most after signing, times or
 * "as needed", the physician's upload), staff's entry from paper, the director's approval (refused without the
 * physician's upload) or return with a reason, each dose refused with 409 and a sentence (not active that day,
 * more than 60 minutes from a scheduled time, the same scheduled dose twice), the room's list, the family's
 * view, the compliance rows, and the upload kept while a request refers to it.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, medicationAuthorizations, medicationDoses, outboxMessages, privateFiles } from '../../db/schema';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { PDF } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { createParentSession } from '../../src/server/auth/session';
import { forgetAbandonedUploads } from '../../src/server/documents/uploads';
import { medicationComplianceRows } from '../../src/server/medication/compliance';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let a: Family;
let b: Family;
let teacher = '';
let childA = '';
beforeAll(async () => {
  a = await enrolFamily(s, 'meds.a@example.com', ['Mia Moreno'], [{ parentName: 'Marta Moreno' }]);
  b = await enrolFamily(s, 'meds.b@example.com', ['Ben Brook']);
  childA = a.children[0]!.id;
  teacher = await s.adminCookie('meds.teacher@example.com', 'teacher');
});

const START = '2026-11-21T15:00:00Z'; // Saturday 21 November 2026, 10:00 in Columbus
const TODAY = '2026-11-21';
let ip = 0;
const send = (path: string, method: string, headers: Record<string, string>, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { ...headers, 'x-forwarded-for': `10.92.${(++ip >> 8) & 255}.${ip & 255}` },
  });
const staffCall = (path: string, method: string, body?: unknown, cookie = s.admin) => send(path, method, as(cookie).headers, body);
const parentCall = (family: Family, path: string, method: string, body?: unknown) => send(path, method, bearer(family.token).headers, body);
const count = () => s.count(medicationAuthorizations);

const request = (overrides: Record<string, unknown> = {}) => ({
  medicationName: 'Amoxicillin',
  reason: 'Ear infection',
  dose: '5 ml',
  route: 'By mouth',
  times: ['12:00'],
  asNeeded: null,
  startDate: TODAY,
  endDate: '2026-11-23',
  refrigerate: true,
  prescription: true,
  physicianNeeded: false,
  signature: 'Marta Moreno',
  ...overrides,
});

async function asks(overrides: Record<string, unknown> = {}, family = a, child = childA) {
  return parentCall(family, `/api/parent/children/${child}/medication-authorizations`, 'POST', request(overrides));
}
async function asked(overrides: Record<string, unknown> = {}): Promise<{ id: string; status: string; physicianNeeded: boolean }> {
  const res = await asks(overrides);
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}
async function uploadAs(token: string): Promise<string> {
  const { uploadURL } = await json<{ uploadURL: string }>(await send('/api/objects/upload', 'POST', bearer(token).headers));
  const put = await s.request(uploadURL, {
    method: 'PUT',
    body: PDF,
    headers: { 'content-type': 'application/pdf', ...bearer(token).headers },
  });
  expect(put.status).toBe(201);
  return uploadURL;
}
const approve = (id: string, cookie = s.admin) =>
  staffCall(`/api/admin/medication-authorizations/${id}/approve`, 'POST', undefined, cookie);
async function approved(overrides: Record<string, unknown> = {}): Promise<string> {
  const { id } = await asked(overrides);
  const res = await approve(id);
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}
const giveDose = (authorizationId: string, givenAt: string, cookie = teacher) =>
  staffCall('/api/admin/medication-doses', 'POST', { authorizationId, givenAt, dose: '5 ml', notes: 'Took it with water' }, cookie);
const refusal = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('a parent asks for a medication', () => {
  beforeAll(() => s.clock.set(START));

  it('answers 201 pending, signed today by the account, and audits ids and dates without the medical text', async () => {
    const res = await asks();
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = await json<Record<string, unknown>>(res);
    expect(body).toMatchObject({ status: 'pending', signedOn: TODAY, enteredByKind: 'parent', times: ['12:00'], documentUrl: null });
    const row = s.db
      .select()
      .from(medicationAuthorizations)
      .where(eq(medicationAuthorizations.id, String(body.id)))
      .get()!;
    expect(row.enteredById).toBe(a.parentId);
    const audit = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(audit).toMatchObject({ entity: 'medication-authorization', action: 'create', entityId: body.id, actorId: a.parentId });
    expect(JSON.stringify(audit)).not.toMatch(/Amoxicillin|Ear infection|5 ml/);
    const list = await json<Array<{ id: string }>>(await parentCall(a, `/api/parent/children/${childA}/medication-authorizations`, 'GET'));
    expect(list.map((r) => r.id)).toContain(body.id);
  });

  it('lets the end date be 12 months after the signature and not a day more', async () => {
    expect((await asked({ endDate: '2027-11-21', times: [], asNeeded: 'Wheezing' })).status).toBe('pending');
    const before = count();
    const res = await asks({ endDate: '2027-11-22', times: [], asNeeded: 'Wheezing' });
    expect(res.status).toBe(400);
    expect(await refusal(res)).toBe('The last day can be at most 12 months after the day it is signed');
    expect(count()).toBe(before);
  });

  it('refuses times together with "as needed", neither, an end before the start and a start before the signature', async () => {
    const before = count();
    for (const [overrides, message] of [
      [{ asNeeded: 'Fever over 101' }, 'Please give the times to give it, or say "as needed" with the sign to look for (not both)'],
      [{ times: [] }, 'Please give the times to give it, or say "as needed" with the sign to look for (not both)'],
      [{ times: ['12:00', '12:00'] }, 'Each time may be given only once'],
      [{ times: ['25:00'] }, 'Please enter a time as HH:MM'],
      [{ endDate: '2026-11-20' }, 'The last day cannot be before the first day'],
      [{ startDate: '2026-11-20' }, 'The first day cannot be before the day it is signed'],
      [{ signature: ' ' }, 'Please sign with your full name'],
    ] as const) {
      const res = await asks(overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(await refusal(res)).toBe(message);
    }
    expect(count()).toBe(before);
  });

  it("answers 404 for another family's child, and in Spanish to a parent who reads Spanish", async () => {
    const before = count();
    const res = await asks({}, b, childA);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Mia Moreno');
    expect(count()).toBe(before);
    expect((await parentCall(b, `/api/parent/children/${childA}/medication-authorizations`, 'GET')).status).toBe(404);
    expect((await parentCall(b, `/api/parent/children/${childA}/medication-doses`, 'GET')).status).toBe(404);
  });

  it('marks a scheduled medicine for more than three days as needing a physician, and three days as not', async () => {
    expect((await asked({ endDate: '2026-11-23' })).physicianNeeded).toBe(false);
    expect((await asked({ endDate: '2026-11-24' })).physicianNeeded).toBe(true);
    expect((await asked({ endDate: '2026-11-21', physicianReasons: ['codeine-or-aspirin'] })).physicianNeeded).toBe(true);
  });
});

describe('the physician upload and the director', () => {
  beforeAll(() => s.clock.set(START));

  it('refuses to approve a request that needs a physician until its upload is there, then approves one with it', async () => {
    const bare = await asked({ physicianNeeded: true });
    const res = await approve(bare.id);
    expect(res.status).toBe(409);
    expect(await refusal(res)).toBe(
      "This medicine needs a physician's signed instructions or the pharmacy label. It cannot be approved until they are uploaded.",
    );
    expect(s.db.select().from(medicationAuthorizations).where(eq(medicationAuthorizations.id, bare.id)).get()!.status).toBe('pending');

    const documentUrl = await uploadAs(a.token);
    const withFile = await asked({ physicianNeeded: true, documentUrl });
    expect(withFile).toMatchObject({ documentUrl: expect.stringMatching(/^\/api\/documents\/[0-9a-f-]{36}$/) });
    const ok = await approve(withFile.id);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await json(ok)).toMatchObject({ status: 'active', reviewedByName: expect.any(String) });
    // The file stays behind the sign-in: staff and the family read it, no-store; another family does not.
    const file = (withFile as unknown as { documentUrl: string }).documentUrl;
    const read = await staffCall(file, 'GET');
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toContain('no-store');
    expect((await parentCall(b, file, 'GET')).status).toBe(404);
    // Approved once: a second decision is refused.
    expect((await approve(withFile.id)).status).toBe(409);
  });

  it("refuses another account's upload URL, and the same file twice", async () => {
    const before = count();
    const bUrl = await uploadAs(b.token);
    const res = await asks({ physicianNeeded: true, documentUrl: bUrl });
    expect(res.status).toBe(400);
    expect(await refusal(res)).toBe('Please upload the file first, then submit it.');
    const mine = await uploadAs(a.token);
    await asked({ documentUrl: mine });
    const again = await asks({ documentUrl: mine });
    expect(again.status).toBe(400);
    expect(count()).toBe(before + 1);
  });

  it('keeps the uploaded instructions a request refers to when unsubmitted uploads are swept a day later', async () => {
    const documentUrl = await uploadAs(a.token);
    const req = await asked({ physicianNeeded: true, documentUrl });
    const fileId = (req as unknown as { documentUrl: string }).documentUrl.split('/').pop()!;
    s.clock.advance(25 * 3_600_000);
    try {
      await forgetAbandonedUploads(s);
      expect(s.db.select().from(privateFiles).where(eq(privateFiles.id, fileId)).get()).toBeDefined();
    } finally {
      s.clock.set(START);
    }
  });

  it('returns a request with a reason the family reads; a teacher may neither approve nor return', async () => {
    const { id } = await asked();
    expect((await approve(id, teacher)).status).toBe(403);
    const byTeacher = await staffCall(`/api/admin/medication-authorizations/${id}/return`, 'POST', { reason: 'No' }, teacher);
    expect(byTeacher.status).toBe(403);
    const empty = await staffCall(`/api/admin/medication-authorizations/${id}/return`, 'POST', { reason: '' });
    expect(empty.status).toBe(400);
    const res = await staffCall(`/api/admin/medication-authorizations/${id}/return`, 'POST', { reason: 'Please give the dose in ml' });
    expect(res.status, await res.clone().text()).toBe(200);
    const family = await json<Array<{ id: string; status: string; returnReason: string }>>(
      await parentCall(a, `/api/parent/children/${childA}/medication-authorizations`, 'GET'),
    );
    expect(family.find((r) => r.id === id)).toMatchObject({ status: 'returned', returnReason: 'Please give the dose in ml' });
    expect((await approve(id)).status).toBe(409);
    const audit = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(JSON.stringify(audit)).not.toContain('Please give the dose in ml');
    expect((await staffCall('/api/admin/medication-authorizations/nope/approve', 'POST')).status).toBe(404);
  });

  it('a returned request is e-mailed to the family in their language, without the medication or the reason', async () => {
    const mailsTo = (address: string) =>
      s.db
        .select({ subject: outboxMessages.subject, text: outboxMessages.textBody })
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, address))
        .all()
        .filter((m) => /medication|medicamento/i.test(m.subject));
    const { id } = await asked({ medicationName: 'Cetirizine', reason: 'Hay fever' });
    // The earlier test returned one request of this family already: its letter may still wait in the queue.
    await drainMailQueue(s.db);
    const before = mailsTo(a.email).length;
    const res = await staffCall(`/api/admin/medication-authorizations/${id}/return`, 'POST', { reason: 'The dose is unreadable' });
    expect(res.status, await res.clone().text()).toBe(200);
    await drainMailQueue(s.db);
    const [mail, ...more] = mailsTo(a.email).slice(before);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Medication request for Mia Moreno returned');
    expect(mail!.text).toContain('Dear Marta Moreno,');
    expect(mail!.text).toContain('returned the medication request for Mia Moreno that was signed on Sat, Nov 21, 2026');
    for (const secret of ['Cetirizine', 'Hay fever', 'unreadable']) expect(mail!.text).not.toContain(secret);

    // A family who reads Spanish is told in Spanish; an approval e-mails nobody.
    const prefs = await parentCall(b, '/api/parent/preferences', 'PATCH', { language: 'es' });
    expect(prefs.status).toBe(200);
    const childB = b.children[0]!.id;
    const asked2 = await asks({ signature: 'Ben Brook Senior' }, b, childB);
    expect(asked2.status, await asked2.clone().text()).toBe(201);
    const other = await json<{ id: string }>(asked2);
    expect((await staffCall(`/api/admin/medication-authorizations/${other.id}/return`, 'POST', { reason: 'Falta la firma' })).status).toBe(
      200,
    );
    await drainMailQueue(s.db);
    const [es] = mailsTo(b.email);
    expect(es!.subject).toBe('Solicitud de medicamento de Ben Brook devuelta');
    expect(es!.text).toContain('firmada el sáb, 21 de nov de 2026');
    const approvedId = await approved();
    expect(approvedId).toBeTruthy();
    await drainMailQueue(s.db);
    expect(mailsTo(a.email)).toHaveLength(before + 1);
  });

  it('staff enter a request from the paper form with its scan; a signature date in the future is refused', async () => {
    const scan = await uploadAs(a.token); // the parent's upload is not staff's: refused
    const refused = await staffCall('/api/admin/medication-authorizations', 'POST', {
      ...request({ documentUrl: scan }),
      childId: childA,
      signedOn: TODAY,
    });
    expect(refused.status).toBe(400);
    const { uploadURL } = await json<{ uploadURL: string }>(await staffCall('/api/objects/upload', 'POST', undefined, teacher));
    expect((await s.request(uploadURL, { method: 'PUT', body: PDF, ...as(teacher) })).status).toBe(201);
    const res = await staffCall(
      '/api/admin/medication-authorizations',
      'POST',
      { ...request({ documentUrl: uploadURL, startDate: '2026-11-20', endDate: '2027-11-19' }), childId: childA, signedOn: '2026-11-19' },
      teacher,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await json(res)).toMatchObject({ status: 'pending', enteredByKind: 'staff', signedOn: '2026-11-19' });
    const future = await staffCall('/api/admin/medication-authorizations', 'POST', {
      ...request(),
      childId: childA,
      signedOn: '2026-11-22',
    });
    expect(future.status).toBe(400);
    expect(await refusal(future)).toBe('The day the form was signed cannot be in the future');
    const late = await staffCall('/api/admin/medication-authorizations', 'POST', {
      ...request({ startDate: '2026-11-19', endDate: '2027-11-20' }),
      childId: childA,
      signedOn: '2026-11-19',
    });
    expect(late.status).toBe(400);
    const pending = await json<Array<{ status: string; childName: string }>>(
      await staffCall(`/api/admin/medication-authorizations?status=pending&childId=${childA}`, 'GET', undefined, teacher),
    );
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.status === 'pending' && r.childName === 'Mia Moreno')).toBe(true);
    expect((await staffCall('/api/admin/medication-authorizations?status=lost', 'GET')).status).toBe(400);
  });
});

/** Moves the clock to `at` with fresh sessions for everyone (a jump of days ends idle ones). */
async function at(moment: string) {
  s.clock.set(moment);
  s.admin = await s.adminCookie();
  teacher = await s.adminCookie('meds.teacher@example.com', 'teacher');
  a.token = createParentSession(s.db, s.clock, a.parentId).token;
}

describe('doses', () => {
  beforeAll(() => at('2026-11-23T18:00:00Z')); // Monday 23 November, 13:00 in Columbus

  it('records a dose at its time, 60 minutes either side, with its author; 61 minutes is refused', async () => {
    const id = await approved({ startDate: '2026-11-23', endDate: '2026-11-25', times: ['09:00', '09:30'] });
    const outside = await giveDose(id, '2026-11-23T10:31:00-05:00');
    expect(outside.status).toBe(409);
    expect(await refusal(outside)).toBe(
      'That time is more than 60 minutes from a scheduled time. Do not give it; please ask the director.',
    );
    const early = await giveDose(id, '2026-11-23T07:59:00-05:00');
    expect(early.status).toBe(409);
    const atEdge = await giveDose(id, '2026-11-23T08:00:00-05:00');
    expect(atEdge.status, await atEdge.clone().text()).toBe(201);
    expect(await json(atEdge)).toMatchObject({ slotTime: '09:00', date: '2026-11-23', authorName: expect.any(String) });
    // 10:30 is exactly 60 minutes after the 09:30 dose.
    const late = await giveDose(id, '2026-11-23T10:30:00-05:00');
    expect(late.status, await late.clone().text()).toBe(201);
    expect(await json(late)).toMatchObject({ slotTime: '09:30' });
  });

  it('refuses the same scheduled dose twice, and changes nothing', async () => {
    const id = await approved({ startDate: '2026-11-23', endDate: '2026-11-23', times: ['12:00'] });
    expect((await giveDose(id, '2026-11-23T12:05:00-05:00')).status).toBe(201);
    const before = s.count(medicationDoses);
    const twice = await giveDose(id, '2026-11-23T12:40:00-05:00');
    expect(twice.status).toBe(409);
    expect(await refusal(twice)).toBe('The 12:00 dose was already given today. Do not give it again.');
    expect(s.count(medicationDoses)).toBe(before);
  });

  it('refuses a dose on a day the authorization is not active: before its start, after its end, pending or returned', async () => {
    const id = await approved({ startDate: '2026-11-23', endDate: '2026-11-23', times: ['12:00'] });
    const notYet = await approved({ startDate: '2026-11-24', endDate: '2026-11-24', times: ['12:00'] });
    const { id: pending } = await asked({ startDate: '2026-11-23', endDate: '2026-11-23', times: ['12:00'] });
    const before = s.count(medicationDoses);
    for (const [auth, at] of [
      [notYet, '2026-11-23T12:00:00-05:00'],
      [pending, '2026-11-23T12:00:00-05:00'],
      [id, '2026-11-22T12:00:00-05:00'],
    ] as const) {
      const res = await giveDose(auth, at);
      expect(res.status).toBe(409);
      expect(await refusal(res)).toBe('This medicine is not authorized for that day. Do not give it; please ask the director.');
    }
    expect(s.count(medicationDoses)).toBe(before);
    const future = await giveDose(id, '2026-11-23T14:00:00-05:00');
    expect(future.status).toBe(400);
    expect((await giveDose('not-a-request', '2026-11-23T12:00:00-05:00')).status).toBe(404);
    expect((await staffCall('/api/admin/medication-doses', 'POST', { authorizationId: id, givenAt: 'noon', dose: '5 ml' })).status).toBe(
      400,
    );
  });

  it('records "as needed" doses at any time of an active day, several of them', async () => {
    const id = await approved({ startDate: '2026-11-23', endDate: '2026-11-23', times: [], asNeeded: 'Wheezing' });
    expect((await giveDose(id, '2026-11-23T08:10:00-05:00')).status).toBe(201);
    expect((await giveDose(id, '2026-11-23T12:50:00-05:00')).status).toBe(201);
    expect((await giveDose(id, '2026-11-22T12:50:00-05:00')).status).toBe(409);
  });

  it("lists the room's doses with where each stands, by room, and the family reads their child's doses of the day", async () => {
    const room = await json<{ id: string }>(
      await staffCall('/api/admin/classrooms', 'POST', { name: 'Meds Room', ageGroup: 'preschool_3', capacity: 10 }),
    );
    const child = await addChild(s, { childName: 'Rita Room', parentEmail: 'meds.a@example.com' });
    expect((await staffCall(`/api/admin/generate-parent-login/${child.id}`, 'POST')).status).toBeLessThan(300);
    expect((await staffCall(`/api/admin/enrolled-children/${child.id}`, 'PATCH', { classroomId: room.id })).status).toBe(200);
    const { id } = await json<{ id: string }>(
      await staffCall('/api/admin/medication-authorizations', 'POST', {
        ...request({ startDate: '2026-11-23', endDate: '2026-11-23', times: ['09:00', '13:15', '16:00'] }),
        childId: child.id,
        signedOn: '2026-11-23',
      }),
    );
    expect((await approve(id)).status).toBe(200);
    expect((await giveDose(id, '2026-11-23T09:10:00-05:00')).status).toBe(201);
    const list = await json<Array<{ childName: string; time: string; state: string; doses: unknown[] }>>(
      await staffCall(`/api/admin/medication-doses?date=2026-11-23&classroomId=${room.id}`, 'GET', undefined, teacher),
    );
    expect(list.map((l) => [l.childName, l.time, l.state])).toEqual([
      ['Rita Room', '09:00', 'given'],
      ['Rita Room', '13:15', 'due'],
      ['Rita Room', '16:00', 'upcoming'],
    ]);
    const all = await json<Array<{ childName: string }>>(await staffCall('/api/admin/medication-doses', 'GET', undefined, teacher));
    expect(all.some((l) => l.childName === 'Mia Moreno')).toBe(true);
    expect((await staffCall('/api/admin/medication-doses?classroomId=nope', 'GET')).status).toBe(404);
    expect((await staffCall('/api/admin/medication-doses?date=2026-13-01', 'GET')).status).toBe(400);

    const family = await json<Array<{ medicationName: string; dose: string; notes: string; authorName: string }>>(
      await parentCall(a, `/api/parent/children/${child.id}/medication-doses?date=2026-11-23`, 'GET'),
    );
    expect(family).toEqual([
      expect.objectContaining({ medicationName: 'Amoxicillin', dose: '5 ml', notes: 'Took it with water', authorName: expect.any(String) }),
    ]);
    expect(await json(await parentCall(a, `/api/parent/children/${child.id}/medication-doses?date=2026-11-22`, 'GET'))).toEqual([]);
  });
});

describe('ended authorizations and the compliance rows', () => {
  it('reads "ended" after the last day, and gives the compliance line of each authorization by its rule', async () => {
    await at(START);
    const child = await addChild(s, { childName: 'Cora Compliance' });
    const enter = async (startDate: string, endDate: string, approve = true) => {
      const { id } = await json<{ id: string }>(
        await staffCall('/api/admin/medication-authorizations', 'POST', {
          ...request({ startDate, endDate, times: [], asNeeded: 'Rash' }),
          childId: child.id,
          signedOn: TODAY,
        }),
      );
      if (approve) expect((await staffCall(`/api/admin/medication-authorizations/${id}/approve`, 'POST')).status).toBe(200);
      return id;
    };
    const endsSoon = await enter(TODAY, '2026-12-05');
    await enter(TODAY, '2026-12-06');
    await enter(TODAY, '2027-01-10', false);
    const rows = medicationComplianceRows(s.db, s.clock.now()).filter((r) => r.childId === child.id);
    expect(rows).toEqual([
      { childId: child.id, name: 'Cora Compliance', item: 'medication-authorization', status: 'missing', dueDate: TODAY },
      { childId: child.id, name: 'Cora Compliance', item: 'medication-authorization', status: 'due-soon', dueDate: '2026-12-05' },
      { childId: child.id, name: 'Cora Compliance', item: 'medication-authorization', status: 'ok', dueDate: '2026-12-06' },
    ]);
    await at('2026-12-07T15:00:00Z');
    try {
      const list = await json<Array<{ id: string; status: string }>>(
        await staffCall(`/api/admin/medication-authorizations?status=ended&childId=${child.id}`, 'GET'),
      );
      expect(list.map((r) => r.id)).toContain(endsSoon);
      expect(list.every((r) => r.status === 'ended')).toBe(true);
      expect(
        medicationComplianceRows(s.db, s.clock.now())
          .filter((r) => r.childId === child.id)
          .map((r) => r.status),
      ).toEqual(['missing', 'overdue', 'overdue']);
    } finally {
      await at(START);
    }
  });
});
