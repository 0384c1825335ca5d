/**
 * Health records, the yearly review, staff records and the inspector's list (ADR 094), over REST: the rules of
 * src/shared/compliance-rules.ts as the list answers them, the files a parent hands in (kept by the upload pipeline),
 * the care plan on the teachers' cards, every refusal (400 that changes nothing, 403 for the wrong role, 404 for
 * another family), and audit rows that keep what was done, never the medical text.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { annualReviews, auditLog, childHealth, healthFiles, privateFiles } from '../../db/schema';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { pdfText } from '../helpers/pdf';
import { PDF } from '../helpers/authz-fixtures';
import { centreToday } from '../../src/server/clock';
import { plusDays, plusMonths } from '../../src/shared/compliance-rules';
import { ABANDONED_UPLOAD_MS, forgetAbandonedUploads } from '../../src/server/documents/uploads';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let teacher = '';
let a: Family;
let b: Family;
let today = '';
beforeAll(async () => {
  today = centreToday(s.clock);
  teacher = await s.adminCookie('health.teacher@example.com', 'teacher');
  a = await enrolFamily(s, 'health.a@example.com', ['Hana Hill'], [{ parentName: 'Hugo Hill', startDate: today }]);
  b = await enrolFamily(s, 'health.b@example.com', ['Bo Bay'], [{ parentName: 'Bea Bay' }]);
});

let ip = 0;
const send = (path: string, method: string, headers: Record<string, string>, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { ...headers, 'x-forwarded-for': `10.94.${(++ip >> 8) & 255}.${ip & 255}` },
  });
const director = (path: string, method = 'GET', body?: unknown) => send(path, method, as(s.admin).headers, body);
const asTeacher = (path: string, method = 'GET', body?: unknown) => send(path, method, as(teacher).headers, body);
const parent = (f: Family, path: string, method = 'GET', body?: unknown) => send(path, method, bearer(f.token).headers, body);
const lastAudit = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;

type Row = { childId?: string; staffId?: string; name: string; item: string; status: string; dueDate: string | null; credential?: string };
const compliance = async (query = '') =>
  json<{ counts: Record<string, number>; rows: Row[] }>(await director(`/api/admin/compliance${query}`));
const rowOf = async (childId: string, item: string) => (await compliance()).rows.find((r) => r.childId === childId && r.item === item);

const health = {
  medicalExamDate: null as string | null,
  examiner: null as string | null,
  immunizations: null as string | null,
  carePlanRequired: false,
  carePlanSummary: null as string | null,
};

async function uploadAs(headers: Record<string, string>): Promise<string> {
  const res = await send('/api/objects/upload', 'POST', headers);
  expect(res.status).toBe(200);
  const { uploadURL } = await json<{ uploadURL: string }>(res);
  const put = await s.request(uploadURL, { method: 'PUT', body: PDF, headers: { ...headers, 'content-type': 'application/pdf' } });
  expect(put.status).toBe(201);
  return uploadURL;
}

describe('the medical statement', () => {
  it('is missing for a child who starts today, due 30 days later; the exam date recorded turns it ok, due 13 months on', async () => {
    const child = a.children[0]!.id;
    expect(await rowOf(child, 'medical-statement')).toEqual({
      childId: child,
      name: 'Hana Hill',
      item: 'medical-statement',
      status: 'missing',
      dueDate: plusDays(today, 30),
    });
    const exam = plusDays(today, -2);
    const res = await director(`/api/admin/children/${child}/health`, 'PUT', {
      ...health,
      medicalExamDate: exam,
      examiner: 'Dr. Rosa Diaz',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({ medicalExamDate: exam, examiner: 'Dr. Rosa Diaz' });
    expect(await rowOf(child, 'medical-statement')).toMatchObject({ status: 'ok', dueDate: plusMonths(exam, 13) });
    // The audit row keeps the date, never the examiner's name.
    const row = lastAudit();
    expect(row).toMatchObject({ entity: 'health-record', entityId: child });
    expect(row.fields).toMatchObject({ medicalExamDate: exam, examiner: 'changed' });
    expect(JSON.stringify(row)).not.toContain('Rosa');
  });

  it('an exam after today, an unknown immunization status or an exam without its examiner is 400 and changes nothing', async () => {
    const child = (await addChild(s)).id;
    const rows = s.count(auditLog);
    for (const body of [
      { ...health, medicalExamDate: plusDays(today, 1), examiner: 'Dr. Diaz' },
      { ...health, immunizations: 'mostly' },
      { ...health, medicalExamDate: today },
    ]) {
      const res = await director(`/api/admin/children/${child}/health`, 'PUT', body);
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBeTruthy();
    }
    expect(s.count(auditLog)).toBe(rows);
    expect(s.db.select().from(childHealth).where(eq(childHealth.childId, child)).get()).toBeUndefined();
  });

  it('a teacher reads the record (403 to change it), an unknown child is 404, a parent 403', async () => {
    const child = a.children[0]!.id;
    expect((await asTeacher(`/api/admin/children/${child}/health`)).status).toBe(200);
    expect((await asTeacher(`/api/admin/children/${child}/health`, 'PUT', health)).status).toBe(403);
    expect((await director('/api/admin/children/no-such-child/health', 'PUT', health)).status).toBe(404);
    expect((await parent(a, `/api/admin/children/${child}/health`)).status).toBe(403);
    expect((await asTeacher('/api/admin/compliance')).status).toBe(403);
  });
});

describe('files a parent hands in', () => {
  it('the parent uploads the statement for their child; staff see it on file; it survives the sweep of abandoned uploads', async () => {
    const child = a.children[0]!.id;
    const documentUrl = await uploadAs(bearer(a.token).headers);
    const res = await parent(a, `/api/parent/children/${child}/health/files`, 'POST', { kind: 'medical-statement', documentUrl });
    expect(res.status, await res.clone().text()).toBe(201);
    const record = await json<{ files: { medicalStatement: { url: string; uploadedBy: string } | null } }>(
      await director(`/api/admin/children/${child}/health`),
    );
    expect(record.files.medicalStatement).toMatchObject({ uploadedBy: 'parent' });
    const fileId = record.files.medicalStatement!.url.split('/').at(-1)!;
    // Staff open it; the file is no-store.
    const file = await director(record.files.medicalStatement!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toContain('no-store');
    // A day and more later the hourly sweep of abandoned uploads leaves it alone.
    const later = { now: () => new Date(s.clock.now().getTime() + ABANDONED_UPLOAD_MS + 60_000) };
    await forgetAbandonedUploads({ db: s.db, config: s.config, clock: later });
    expect(s.db.select().from(privateFiles).where(eq(privateFiles.id, fileId)).get()).toBeDefined();
    // The audit row names the kind and the file, by the parent.
    expect(lastAudit()).toMatchObject({ entity: 'health-record', entityId: child, actorId: a.parentId });
    // The portal shows when it was handed in.
    const portal = await json<{ files: { medicalStatement: string | null } }>(await parent(a, `/api/parent/children/${child}/health`));
    expect(portal.files.medicalStatement).not.toBeNull();
  });

  it("another family's child is 404; a file not uploaded, or handed in twice, is 400; nothing is recorded", async () => {
    const child = a.children[0]!.id;
    const before = s.count(healthFiles);
    const urlB = await uploadAs(bearer(b.token).headers);
    expect(
      (await parent(b, `/api/parent/children/${child}/health/files`, 'POST', { kind: 'immunizations', documentUrl: urlB })).status,
    ).toBe(404);
    expect((await parent(b, `/api/parent/children/${child}/health`)).status).toBe(404);
    const bad = await parent(a, `/api/parent/children/${child}/health/files`, 'POST', { kind: 'immunizations', documentUrl: urlB });
    expect(bad.status).toBe(400);
    const kind = await parent(a, `/api/parent/children/${child}/health/files`, 'POST', { kind: 'x-ray', documentUrl: urlB });
    expect(kind.status).toBe(400);
    const urlA = await uploadAs(bearer(a.token).headers);
    expect(
      (await parent(a, `/api/parent/children/${child}/health/files`, 'POST', { kind: 'immunizations', documentUrl: urlA })).status,
    ).toBe(201);
    expect((await parent(a, `/api/parent/children/${child}/health/files`, 'POST', { kind: 'care-plan', documentUrl: urlA })).status).toBe(
      400,
    );
    expect(s.count(healthFiles)).toBe(before + 1);
  });
});

describe('paper forms staff file from the dashboard', () => {
  it('the director files the scan of a signed medical statement: typed by its bytes, no-store, audited; a teacher 403, no child 404', async () => {
    const child = (await addChild(s, { childName: 'Pedro Paper' })).id;
    const headers = as(s.admin).headers;
    // Bytes that are not a document are refused at the upload, whatever type the request claims.
    const { uploadURL: fake } = await json<{ uploadURL: string }>(await send('/api/objects/upload', 'POST', headers));
    const notPdf = await s.request(fake, { method: 'PUT', body: 'not a scan', headers: { ...headers, 'content-type': 'application/pdf' } });
    expect(notPdf.status).toBe(415);
    const before = s.count(healthFiles);
    expect(
      (await director(`/api/admin/children/${child}/health/files`, 'POST', { kind: 'medical-statement', documentUrl: fake })).status,
    ).toBe(400);
    const documentUrl = await uploadAs(headers);
    expect((await asTeacher(`/api/admin/children/${child}/health/files`, 'POST', { kind: 'medical-statement', documentUrl })).status).toBe(
      403,
    );
    expect(
      (await director('/api/admin/children/no-such-child/health/files', 'POST', { kind: 'medical-statement', documentUrl })).status,
    ).toBe(404);
    expect(s.count(healthFiles)).toBe(before);

    const res = await director(`/api/admin/children/${child}/health/files`, 'POST', { kind: 'medical-statement', documentUrl });
    expect(res.status, await res.clone().text()).toBe(201);
    const record = await json<{ files: { medicalStatement: { url: string; uploadedBy: string } | null } }>(
      await director(`/api/admin/children/${child}/health`),
    );
    expect(record.files.medicalStatement).toMatchObject({ uploadedBy: 'staff' });
    const file = await director(record.files.medicalStatement!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('application/pdf');
    expect(file.headers.get('cache-control')).toContain('no-store');
    expect(lastAudit()).toMatchObject({ entity: 'health-record', entityId: child, action: 'create' });
    expect(lastAudit().fields).toMatchObject({ kind: 'medical-statement' });
    // A parent cannot reach the staff's route.
    expect((await parent(a, `/api/admin/children/${child}/health/files`, 'POST', { kind: 'care-plan', documentUrl })).status).toBe(403);
  });
});

describe('the care plan', () => {
  it('allergies on the record ask for one; once written, teachers see what to do on the attendance card', async () => {
    const child = (await addChild(s, { childName: 'Pia Peanut', startDate: '2026-09-01', notes: 'Allergies: peanuts' })).id;
    expect(await rowOf(child, 'care-plan')).toMatchObject({ status: 'overdue', dueDate: '2026-09-01' });
    const summary = 'EpiPen in the red bag; call 911 then the parent';
    const res = await director(`/api/admin/children/${child}/health`, 'PUT', { ...health, carePlanSummary: summary });
    expect(await json(res)).toMatchObject({ carePlanRequired: true, carePlanSummary: summary });
    expect(await rowOf(child, 'care-plan')).toMatchObject({ status: 'ok' });
    expect(JSON.stringify(lastAudit())).not.toContain('EpiPen');
    const day = await json<{ children: { childId: string; allergies: string | null; carePlan: string | null }[] }>(
      await asTeacher(`/api/admin/attendance?date=${today}`),
    );
    expect(day.children.find((c) => c.childId === child)).toMatchObject({ allergies: 'peanuts', carePlan: summary });
  });
});

describe('the yearly review', () => {
  it('the parent confirms the record, the director countersigns, and the next is due 12 months after', async () => {
    const child = a.children[0]!.id;
    const view = await json<{ record: { contacts: { parentName: string } }; due: { status: string; dueDate: string } }>(
      await parent(a, `/api/parent/children/${child}/annual-review`),
    );
    expect(view.record.contacts.parentName).toBe('Hugo Hill');
    expect(view.due).toEqual({ status: 'ok', dueDate: plusMonths(today, 12) });

    const signed = await parent(a, `/api/parent/children/${child}/annual-review`, 'POST', {
      signature: 'Hugo Hill',
      changes: [{ section: 'physician', note: 'New pediatrician: Dr. Sol' }],
    });
    expect(signed.status, await signed.clone().text()).toBe(201);
    const review = await json<{ id: string; signedOn: string }>(signed);
    expect(JSON.stringify(lastAudit())).not.toContain('Sol');
    // One waiting at a time.
    expect((await parent(a, `/api/parent/children/${child}/annual-review`, 'POST', { signature: 'Hugo Hill' })).status).toBe(409);
    // Not counted until countersigned.
    expect(s.db.select().from(annualReviews).where(eq(annualReviews.id, review.id)).get()!.countersignedAt).toBeNull();
    expect((await asTeacher(`/api/admin/annual-reviews/${review.id}/countersign`, 'POST')).status).toBe(403);
    const waiting = await json<{ id: string; changes: unknown[] }[]>(await director('/api/admin/annual-reviews'));
    expect(waiting.find((r) => r.id === review.id)?.changes).toEqual([{ section: 'physician', note: 'New pediatrician: Dr. Sol' }]);
    expect((await director(`/api/admin/annual-reviews/${review.id}/countersign`, 'POST')).status).toBe(200);
    expect((await director(`/api/admin/annual-reviews/${review.id}/countersign`, 'POST')).status).toBe(409);
    expect((await director('/api/admin/annual-reviews/no-such-review/countersign', 'POST')).status).toBe(404);
    expect(await rowOf(child, 'annual-review')).toMatchObject({ status: 'ok', dueDate: plusMonths(review.signedOn, 12) });
  });

  it('the parent reads what changed at the last review (the changes recorded at signing), newest first, in the portal', async () => {
    const child = a.children[0]!.id;
    const view = await json<{
      awaitingCountersignature: boolean;
      reviews: { signedOn: string; changes: unknown[]; countersignedAt: string | null }[];
    }>(await parent(a, `/api/parent/children/${child}/annual-review`));
    expect(view.awaitingCountersignature).toBe(false);
    expect(view.reviews[0]).toMatchObject({ signedOn: today, changes: [{ section: 'physician', note: 'New pediatrician: Dr. Sol' }] });
    expect(view.reviews[0]!.countersignedAt).not.toBeNull();
    // Another family never reads them.
    expect((await parent(b, `/api/parent/children/${child}/annual-review`)).status).toBe(404);
  });

  it('an empty signature or an unknown section is 400; another family is 404; nothing is written', async () => {
    const child = a.children[0]!.id;
    const before = s.count(annualReviews);
    expect((await parent(a, `/api/parent/children/${child}/annual-review`, 'POST', { signature: '  ' })).status).toBe(400);
    expect(
      (
        await parent(a, `/api/parent/children/${child}/annual-review`, 'POST', {
          signature: 'Hugo Hill',
          changes: [{ section: 'diet', note: 'x' }],
        })
      ).status,
    ).toBe(400);
    expect((await parent(b, `/api/parent/children/${child}/annual-review`, 'POST', { signature: 'Bea Bay' })).status).toBe(404);
    expect((await parent(b, `/api/parent/children/${child}/annual-review`)).status).toBe(404);
    expect(s.count(annualReviews)).toBe(before);
  });
});

describe('staff records', () => {
  it('the director records credentials; one expiring within 30 days reads due soon; none recorded reads missing', async () => {
    const list = await json<{ staffId: string; name: string }[]>(await director('/api/admin/staff-records'));
    const someone = list[0]!;
    const res = await director(`/api/admin/staff/${someone.staffId}/record`, 'PUT', {
      backgroundCheckDate: '2024-01-10',
      firstAidExpires: plusDays(today, 10),
      cprExpires: plusDays(today, 400),
      trainingHours: 15,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = (await compliance('?item=staff-credential')).rows.filter((r) => r.staffId === someone.staffId);
    expect(Object.fromEntries(rows.map((r) => [r.credential, r.status]))).toEqual({
      'background-check': 'ok',
      'first-aid': 'due-soon',
      cpr: 'ok',
      'communicable-disease': 'missing',
      'child-abuse': 'missing',
    });
  });

  it('bad hours or dates are 400, a teacher 403, an unknown account 404', async () => {
    const list = await json<{ staffId: string }[]>(await director('/api/admin/staff-records'));
    const id = list[0]!.staffId;
    expect((await director(`/api/admin/staff/${id}/record`, 'PUT', { trainingHours: -1 })).status).toBe(400);
    expect((await director(`/api/admin/staff/${id}/record`, 'PUT', { cprExpires: '2027-02-30' })).status).toBe(400);
    expect((await asTeacher(`/api/admin/staff/${id}/record`, 'PUT', {})).status).toBe(403);
    expect((await asTeacher('/api/admin/staff-records')).status).toBe(403);
    expect((await director('/api/admin/staff/no-such-staff/record', 'PUT', {})).status).toBe(404);
  });
});

describe("the inspector's copies", () => {
  it('the list filters by item and status, counts every row, and names only the items of the list', async () => {
    const all = await compliance();
    const total = Object.values(all.counts).reduce((x, y) => x + y, 0);
    expect(total).toBe(all.rows.length);
    const missing = await compliance('?status=missing');
    expect(missing.rows.every((r) => r.status === 'missing')).toBe(true);
    expect(missing.rows.length).toBe(all.counts.missing);
    expect((await director('/api/admin/compliance?status=late')).status).toBe(400);
  });

  it('the CSV has a row per item, is no-store and is recorded as an export', async () => {
    const res = await director('/api/admin/compliance.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    expect(text).toContain('Hana Hill');
    expect(text.split('\n')[0]).toContain('Due date');
    expect(lastAudit()).toMatchObject({ action: 'export', entity: 'compliance' });
  });

  it("a child's emergency sheet is one page with the allergies and the care plan", async () => {
    const child = (
      await addChild(s, {
        childName: 'Eli Egg',
        notes: 'Allergies: eggs\nPediatrician: Dr. Ruth Moss\nEmergency contact: Ana Egg, 614-555-0100',
      })
    ).id;
    await director(`/api/admin/children/${child}/health`, 'PUT', { ...health, carePlanSummary: 'No egg in snacks' });
    const res = await asTeacher(`/api/admin/children/${child}/emergency-sheet.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    for (const words of ['Eli Egg', 'eggs', 'Dr. Ruth Moss', 'Ana Egg', 'No egg in snacks']) expect(text).toContain(words);
    expect((await parent(a, `/api/admin/children/${child}/emergency-sheet.pdf`)).status).toBe(403);
  });
});
