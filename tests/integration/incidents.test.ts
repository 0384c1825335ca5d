/**
 * Incident and injury reports (ADR 093), over REST as a tablet, a phone or a script calls them: a teacher writes one
 * and the parents are e-mailed at once in their language; the parent reads it in the portal and acknowledges it once
 * with a typed signature (another family: 404); a report is never deleted (405) and a correction is an amendment
 * kept beside it; the licensing notice is due 24 hours after a serious incident or an unusual event, 48 over a
 * weekend or a holiday, until the director records it; the counts by kind; the PDF typed, in the family's language
 * and never stored by a cache; the paper copy handed over at pickup; the compliance rows. Bad input is a 4xx that
 * changes nothing.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidentAmendments, incidentReports, outboxMessages } from '../../db/schema';
import { incidentComplianceRows } from '../../src/server/incidents/compliance';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { pdfText } from '../helpers/pdf';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let teacher = '';
let a: Family;
let b: Family;
let childA = '';
beforeAll(async () => {
  teacher = await s.adminCookie('incidents.teacher@example.com', 'teacher');
  a = await enrolFamily(s, 'incidents.a@example.com', ['Inés Alvarez'], [{ parentName: 'Ana Alvarez' }]);
  b = await enrolFamily(s, 'incidents.b@example.com', ['Bruno Bell'], [{ parentName: 'Bea Bell' }]);
  childA = a.children[0]!.id;
  const spanish = await s.request('/api/parent/preferences', { method: 'PATCH', json: { language: 'es' }, ...bearer(a.token) });
  expect(spanish.status).toBe(200);
});

let ip = 0;
/** Each call from its own address, so the per-address limits never mix with the rules under test. */
const send = (path: string, method: string, headers: Record<string, string>, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { ...headers, 'x-forwarded-for': `10.47.${(++ip >> 8) & 255}.${ip & 255}` },
  });
const staffCall = (path: string, method: string, body?: unknown, cookie = teacher) => send(path, method, as(cookie).headers, body);
const directorCall = (path: string, method: string, body?: unknown) => send(path, method, as(s.admin).headers, body);
const parentCall = (family: Family, path: string, method: string, body?: unknown) => send(path, method, bearer(family.token).headers, body);
const lastAudit = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;

type Report = {
  id: string;
  childId: string;
  childName: string;
  kind: string;
  description: string;
  serious: boolean;
  licensingNoticeNeeded: boolean;
  licensingDeadline: string | null;
  licensingNotifiedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedSignature: string | null;
  handedOverTo: string | null;
  amendments: { text: string; authorName: string }[];
};

const report = (overrides: Record<string, unknown> = {}) => ({
  childId: childA,
  occurredAt: '2026-11-20T14:40:00-05:00',
  location: 'Playground',
  kind: 'injury',
  description: 'Fell from the slide and scraped her left knee',
  firstAid: 'Washed with water, a plaster',
  witnesses: ['Tess Teacher'],
  serious: false,
  ...overrides,
});

async function write(overrides: Record<string, unknown> = {}): Promise<Report> {
  const res = await staffCall('/api/admin/incidents', 'POST', report(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Report>(res);
}

describe('writing a report', () => {
  it('a teacher writes one; the Spanish-speaking parent is e-mailed at once in Spanish, without the description; the audit row keeps no text', async () => {
    const res = await staffCall('/api/admin/incidents', 'POST', {
      ...report(),
      whoWasTold: 'Ana Alvarez, by phone',
      toldAt: '2026-11-20T14:50:00-05:00',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<Report & { emailSent: boolean; message: string }>(res);
    expect(body).toMatchObject({ id: expect.any(String), childName: 'Inés Alvarez', kind: 'injury', emailSent: true, amendments: [] });
    expect(body.message).toBe("Report saved. Inés Alvarez's parents were told by e-mail and in the portal.");

    await drainMailQueue(s.db);
    const letter = s.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, a.email)).all().at(-1)!;
    expect(letter.subject).toBe('Informe de incidente de Inés Alvarez: una lesión');
    expect(letter.textBody).toContain('Hoy escribimos un informe de incidente de Inés Alvarez: una lesión');
    expect(letter.textBody).toContain('14:40');
    expect(letter.textBody).not.toContain('slide');

    const row = lastAudit();
    expect(row).toMatchObject({ action: 'create', entity: 'incident', entityId: body.id });
    expect(row.fields).toMatchObject({ childId: childA, kind: 'injury', serious: false });
    expect(JSON.stringify(row)).not.toMatch(/slide|plaster|Tess/);

    // The portal lists it for the family, with what happened.
    const list = await json<Report[]>(await parentCall(a, `/api/parent/children/${childA}/incidents`, 'GET'));
    expect(list.find((r) => r.id === body.id)).toMatchObject({ description: 'Fell from the slide and scraped her left knee' });
  });

  it('bad input is a 400 naming the field, an unknown child a 404, a parent 403: nothing is written, no audit row', async () => {
    const before = { reports: s.count(incidentReports), audit: s.count(auditLog) };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ kind: 'sneeze' }, 400, 'Please choose the kind'],
      [{ location: '' }, 400, 'Please say where it happened'],
      [{ description: '   ' }, 400, 'Please describe what happened'],
      [{ occurredAt: '2026-11-21T11:00:00-05:00' }, 400, 'This time is still to come'],
      [{ occurredAt: '2025-11-01T11:00:00-05:00' }, 400, 'more than a year ago'],
      [{ occurredAt: 'yesterday' }, 400, 'Please give a time such as'],
      [{ witnesses: 'Tess' }, 400, 'witnesses must be a list of names'],
      [{ serious: 'very' }, 400, 'serious must be true or false'],
      [{ toldAt: '2026-11-20T10:00:00-05:00' }, 400, 'The time told cannot be before the incident'],
      [{ childId: 'no-such-child' }, 404, 'Child not found'],
    ];
    for (const [change, status, words] of cases) {
      const res = await staffCall('/api/admin/incidents', 'POST', report(change));
      expect(res.status, JSON.stringify(change)).toBe(status);
      expect(await res.text()).toContain(words);
    }
    expect((await parentCall(a, '/api/admin/incidents', 'POST', report())).status).toBe(403);
    expect({ reports: s.count(incidentReports), audit: s.count(auditLog) }).toEqual(before);
  });
});

describe('never deleted; a correction is an amendment', () => {
  it('DELETE answers 405 with a sentence to staff and the director; the report stays', async () => {
    const r = await write();
    for (const cookie of [teacher, s.admin]) {
      const res = await staffCall(`/api/admin/incidents/${r.id}`, 'DELETE', undefined, cookie);
      expect(res.status).toBe(405);
      expect((await json<{ message: string }>(res)).message).toBe('Incident reports are never deleted. To correct one, add an amendment.');
    }
    expect((await staffCall(`/api/admin/incidents/${r.id}`, 'GET')).status).toBe(200);
  });

  it('an amendment is kept beside the original, which is unchanged; staff and the parent see both; a blank one is 400', async () => {
    const r = await write({ description: 'Bumped her right arm' });
    const first = await staffCall(`/api/admin/incidents/${r.id}/amendments`, 'POST', { text: 'It was the left arm' });
    expect(first.status).toBe(201);
    const second = await directorCall(`/api/admin/incidents/${r.id}/amendments`, 'POST', { text: 'Seen again at 16:00: no swelling' });
    expect(second.status).toBe(201);
    const rows = s.count(incidentAmendments);
    expect((await staffCall(`/api/admin/incidents/${r.id}/amendments`, 'POST', { text: ' ' })).status).toBe(400);
    expect((await staffCall('/api/admin/incidents/no-such-report/amendments', 'POST', { text: 'x' })).status).toBe(404);
    expect(s.count(incidentAmendments)).toBe(rows);

    const staffView = await json<Report>(await staffCall(`/api/admin/incidents/${r.id}`, 'GET'));
    expect(staffView.description).toBe('Bumped her right arm');
    expect(staffView.amendments.map((x) => x.text)).toEqual(['It was the left arm', 'Seen again at 16:00: no swelling']);
    const parentView = (await json<Report[]>(await parentCall(a, `/api/parent/children/${childA}/incidents`, 'GET'))).find(
      (x) => x.id === r.id,
    )!;
    expect(parentView.description).toBe('Bumped her right arm');
    expect(parentView.amendments.map((x) => x.text)).toEqual(['It was the left arm', 'Seen again at 16:00: no swelling']);
    expect(lastAudit()).toMatchObject({ action: 'update', entity: 'incident', entityId: r.id });
    expect(JSON.stringify(lastAudit())).not.toContain('swelling');
  });

  it("a child's record removed leaves the report, with the child's name, in the counts", async () => {
    const child = await addChild(s, { childName: 'Rosa Removed' });
    const r = await write({ childId: child.id, kind: 'illness', occurredAt: '2026-03-03T10:00:00-05:00' });
    expect((await directorCall(`/api/admin/enrolled-children/${child.id}`, 'DELETE')).status).toBe(200);
    const kept = await json<Report>(await staffCall(`/api/admin/incidents/${r.id}`, 'GET'));
    expect(kept).toMatchObject({ childId: null, childName: 'Rosa Removed', kind: 'illness' });
    const summary = await json<{ byKind: Record<string, number> }>(
      await staffCall('/api/admin/incidents/summary?from=2026-03-03&to=2026-03-03', 'GET'),
    );
    expect(summary.byKind.illness).toBe(1);
  });
});

describe("the parent's acknowledgement", () => {
  it('is made once, by the family of the child, with a typed signature: another family 404, staff 403, blank 400, twice 409', async () => {
    const r = await write();
    const path = `/api/parent/incidents/${r.id}/acknowledge`;
    expect((await parentCall(b, path, 'POST', { signature: 'Bea Bell' })).status).toBe(404);
    expect((await staffCall(path, 'POST', { signature: 'Tess Teacher' })).status).toBe(403);
    expect((await parentCall(a, path, 'POST', { signature: ' ' })).status).toBe(400);
    expect((await parentCall(a, '/api/parent/incidents/no-such-report/acknowledge', 'POST', { signature: 'Ana Alvarez' })).status).toBe(
      404,
    );
    expect(s.db.select().from(incidentReports).where(eq(incidentReports.id, r.id)).get()!.acknowledgedAt).toBeNull();

    const ok = await parentCall(a, path, 'POST', { signature: 'Ana Alvarez' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await json<Report>(ok)).toMatchObject({ acknowledgedSignature: 'Ana Alvarez', acknowledgedAt: s.clock.now().toISOString() });
    expect(lastAudit()).toMatchObject({ action: 'status', entity: 'incident', entityId: r.id, actorName: expect.stringContaining('') });
    expect(lastAudit().fields).toMatchObject({ status: 'acknowledged' });

    const again = await parentCall(a, path, 'POST', { signature: 'Ana Alvarez' });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe('Este informe ya fue firmado.');
    // Another family never sees it in a list either.
    expect((await parentCall(b, `/api/parent/children/${childA}/incidents`, 'GET')).status).toBe(404);
  });

  it('the paper copy handed over at pickup is recorded once, with whom; not after the parent signed', async () => {
    const r = await write();
    const path = `/api/admin/incidents/${r.id}/handed-over`;
    expect((await staffCall(path, 'POST', { to: '' })).status).toBe(400);
    const ok = await staffCall(path, 'POST', { to: 'Abuela Rosa' });
    expect(ok.status).toBe(200);
    expect(await json<Report>(ok)).toMatchObject({ handedOverTo: 'Abuela Rosa' });
    expect((await staffCall(path, 'POST', { to: 'Someone else' })).status).toBe(409);

    const signed = await write();
    expect((await parentCall(a, `/api/parent/incidents/${signed.id}/acknowledge`, 'POST', { signature: 'Ana Alvarez' })).status).toBe(200);
    expect((await staffCall(`/api/admin/incidents/${signed.id}/handed-over`, 'POST', { to: 'Abuela Rosa' })).status).toBe(409);
  });
});

describe('the licensing notice', () => {
  it('is due 24 h after a serious incident on a weekday, 48 h over a weekend and over Thanksgiving; none for an ordinary one', async () => {
    const tuesday = await write({ serious: true, occurredAt: '2026-11-17T10:00:00-05:00' });
    expect(tuesday).toMatchObject({ licensingNoticeNeeded: true, licensingDeadline: '2026-11-18T15:00:00.000Z' });
    const friday = await write({ serious: true, occurredAt: '2026-11-20T10:00:00-05:00' });
    expect(friday.licensingDeadline).toBe('2026-11-22T15:00:00.000Z');
    const unusual = await write({ kind: 'unusual-event', serious: false, occurredAt: '2025-11-26T10:00:00-05:00' });
    // Wednesday 26 November 2025: the 24 hours end on Thanksgiving, so 48.
    expect(unusual.licensingDeadline).toBe('2025-11-28T15:00:00.000Z');
    const ordinary = await write({ serious: false });
    expect(ordinary).toMatchObject({ licensingNoticeNeeded: false, licensingDeadline: null });
  });

  it('only the director records it, once, not before the incident nor in the future; an ordinary report has none', async () => {
    const r = await write({ kind: 'emergency-transport', serious: true, occurredAt: '2026-11-20T09:00:00-05:00' });
    const path = `/api/admin/incidents/${r.id}/licensing-notice`;
    const notice = { notifiedAt: '2026-11-20T11:30:00-05:00', method: 'phone', reference: 'OH-4471' };
    const teacherTry = await staffCall(path, 'POST', notice);
    expect(teacherTry.status).toBe(403);
    expect((await directorCall(path, 'POST', { ...notice, method: 'pigeon' })).status).toBe(400);
    expect((await directorCall(path, 'POST', { ...notice, notifiedAt: '2026-11-20T08:00:00-05:00' })).status).toBe(400);
    expect((await directorCall(path, 'POST', { ...notice, notifiedAt: '2026-11-22T08:00:00-05:00' })).status).toBe(400);
    expect(s.db.select().from(incidentReports).where(eq(incidentReports.id, r.id)).get()!.licensingNotifiedAt).toBeNull();

    const ok = await directorCall(path, 'POST', notice);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await json<Report>(ok)).toMatchObject({ licensingNotifiedAt: '2026-11-20T16:30:00.000Z', licensingReference: 'OH-4471' });
    expect((await directorCall(path, 'POST', notice)).status).toBe(409);

    const ordinary = await write();
    expect((await directorCall(`/api/admin/incidents/${ordinary.id}/licensing-notice`, 'POST', notice)).status).toBe(409);
  });

  it('the compliance rows: the parent copy due the same day, the notice due-soon, overdue after its deadline, ok once done', async () => {
    const child = await addChild(s, { childName: 'Cara Compliance' });
    const r = await write({ childId: child.id, serious: true, occurredAt: '2026-11-20T10:00:00-05:00' });
    const rows = (now: string) => incidentComplianceRows(s.db, new Date(now)).filter((x) => x.childId === child.id);
    expect(rows('2026-11-20T20:00:00Z')).toEqual([
      { childId: child.id, name: 'Cara Compliance', item: 'incident-acknowledgement', status: 'due-soon', dueDate: '2026-11-20' },
      { childId: child.id, name: 'Cara Compliance', item: 'licensing-notice', status: 'due-soon', dueDate: '2026-11-22T15:00:00.000Z' },
    ]);
    expect(rows('2026-11-22T15:00:01Z').map((x) => x.status)).toEqual(['overdue', 'overdue']);
    expect((await staffCall(`/api/admin/incidents/${r.id}/handed-over`, 'POST', { to: 'Carl Compliance' })).status).toBe(200);
    expect(
      (
        await directorCall(`/api/admin/incidents/${r.id}/licensing-notice`, 'POST', {
          notifiedAt: '2026-11-21T09:00:00-05:00',
          method: 'email',
        })
      ).status,
    ).toBe(200);
    expect(rows('2026-11-22T15:00:01Z').map((x) => x.status)).toEqual(['ok', 'ok']);
  });
});

describe('the counts by kind, for a prospective parent', () => {
  it('counts the reports of each kind that happened in the range (centre dates, both ends included), every kind named', async () => {
    const child = await addChild(s, { childName: 'Sam Summary' });
    for (const [kind, occurredAt] of [
      ['head-bump', '2026-06-01T00:00:00-04:00'],
      ['head-bump', '2026-06-30T23:59:00-04:00'],
      ['injury', '2026-06-15T10:00:00-04:00'],
      ['head-bump', '2026-07-01T00:00:00-04:00'],
      ['injury', '2026-05-31T23:59:00-04:00'],
    ] as const)
      await write({ childId: child.id, kind, occurredAt });
    const res = await directorCall('/api/admin/incidents/summary?from=2026-06-01&to=2026-06-30', 'GET');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      from: '2026-06-01',
      to: '2026-06-30',
      total: 3,
      byKind: { injury: 1, illness: 0, 'head-bump': 2, 'emergency-transport': 0, 'unusual-event': 0 },
    });
    expect((await directorCall('/api/admin/incidents/summary?from=2026-06-30&to=2026-06-01', 'GET')).status).toBe(400);
    expect((await directorCall('/api/admin/incidents/summary?from=2020-01-01&to=2026-06-01', 'GET')).status).toBe(400);
    expect((await directorCall('/api/admin/incidents/summary', 'GET')).status).toBe(400);
    expect((await parentCall(a, '/api/admin/incidents/summary?from=2026-06-01&to=2026-06-30', 'GET')).status).toBe(403);
  });

  it('the list: a range and a child, newest first, in pages with X-Next-Cursor', async () => {
    const child = await addChild(s, { childName: 'Lia List' });
    const ids = [];
    for (const day of ['10', '11', '12']) ids.push((await write({ childId: child.id, occurredAt: `2026-11-${day}T10:00:00-05:00` })).id);
    const first = await staffCall(`/api/admin/incidents?from=2026-11-01&to=2026-11-30&childId=${child.id}&limit=2`, 'GET');
    expect((await json<Report[]>(first)).map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.headers.get('X-Next-Cursor')!;
    const rest = await staffCall(`/api/admin/incidents?from=2026-11-01&to=2026-11-30&childId=${child.id}&limit=2&cursor=${cursor}`, 'GET');
    expect((await json<Report[]>(rest)).map((r) => r.id)).toEqual([ids[0]]);
    expect(rest.headers.get('X-Next-Cursor')).toBeNull();
    expect((await staffCall('/api/admin/incidents?from=2026-11-30&to=2026-11-01', 'GET')).status).toBe(400);
  });
});

describe('the report as a PDF', () => {
  it("is a PDF, never stored by a cache, in the family's language for the parent and the file; another family 404", async () => {
    const r = await write({ kind: 'head-bump', description: 'Bumped her head on the table' });
    await staffCall(`/api/admin/incidents/${r.id}/amendments`, 'POST', { text: 'A small bump, no mark' });
    for (const [res, who] of [
      [await parentCall(a, `/api/parent/incidents/${r.id}/report.pdf`, 'GET'), 'parent'],
      [await staffCall(`/api/admin/incidents/${r.id}/report.pdf`, 'GET'), 'file'],
    ] as const) {
      expect(res.status, who).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(bytes);
      expect(text).toContain('Informe de incidente y lesión');
      expect(text).toContain('Golpe en la cabeza');
      expect(text).toContain('Bumped her head on the table');
      expect(text).toContain('A small bump, no mark');
    }
    expect((await parentCall(b, `/api/parent/incidents/${r.id}/report.pdf`, 'GET')).status).toBe(404);
  });
});
