/**
 * No hot path reads a big table from end to end: every SQL statement the parent dashboard, the staff child
 * lists, the messages and the payments lists run is put through EXPLAIN QUERY PLAN, and a full scan of a
 * table that grows with the years (activities, notes, messages, receipts, sessions...) fails the test. The
 * statements are the real ones, recorded while the real requests run, so a new query on these paths is
 * checked without anyone listing it here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BENCH_PARENT_EMAIL, seedScale } from '../../scripts/seed-scale';
import { parentUsers } from '../../db/schema';
import { createParentSession } from '../../src/server/auth/session';
import { sharedAdminServer } from '../helpers/admin-server';
import { sampleApplication } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();

/** Tables that grow with every day the centre runs. Reading all of one on a request is what this test forbids. */
const BIG_TABLES = [
  'daily_activities',
  'development_notes',
  'communication_messages',
  'document_requests',
  'payment_receipts',
  'child_achievements',
  'parent_sessions',
  'admin_sessions',
  'parent_child_relationships',
  'parent_users',
  'outbox_messages',
  'private_files',
  'upload_tokens',
  'audit_log',
  'attendance_events',
  'attendance_corrections',
  'staff_attendance',
  'authorized_pickups',
  'daily_entries',
  'child_photo_tags',
  'child_photos',
  'daily_summaries',
  'incident_reports',
  'incident_amendments',
];

let token = '';
let childId = '';

beforeAll(() => {
  const bench = seedScale(
    s.db,
    { children: 8, activities: 400, notes: 80, messages: 160, receipts: 80, audit: 400, attendance: 400, dailyEntries: 960 },
    s.clock.now(),
  );
  childId = bench.childIds[0]!;
  const parent = s.db.select({ id: parentUsers.id }).from(parentUsers).where(eq(parentUsers.email, BENCH_PARENT_EMAIL)).get()!;
  token = createParentSession(s.db, s.clock, parent.id).token;
});

/** Runs the requests and returns every distinct statement SQLite was asked to prepare meanwhile. */
async function statementsOf(requests: () => Promise<void>): Promise<string[]> {
  const client = s.db.$client;
  const original = client.prepare.bind(client);
  const seen = new Set<string>();
  client.prepare = ((source: string) => {
    seen.add(source);
    return original(source);
  }) as typeof client.prepare;
  try {
    await requests();
  } finally {
    client.prepare = original as typeof client.prepare;
  }
  return [...seen].filter((sql) => /^\s*select\b/i.test(sql));
}

function fullScans(sql: string, tables: string[] = BIG_TABLES): string[] {
  const params = (sql.match(/\?/g) ?? []).map(() => null);
  const plan = s.db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  // "SCAN t" reads every row; "SCAN t USING INDEX i" reads every row in index order, unless it is a page
  // (ADR 014): a LIMIT over an index already in the ORDER BY's order stops after the page's rows. A page
  // that must sort first ("USE TEMP B-TREE FOR ORDER BY") still reads everything. SEARCH uses an index to find the rows.
  const page = /\blimit \?$/i.test(sql.trim()) && !plan.some((p) => p.detail.startsWith('USE TEMP B-TREE FOR ORDER BY'));
  return plan
    .map((p) => p.detail)
    .filter((detail) => tables.some((table) => new RegExp(`^SCAN ${table}\\b`).test(detail)))
    .filter((detail) => !(page && / USING (COVERING )?INDEX /.test(detail)));
}

/** Reads a list path page after page (each next page from the X-Next-Cursor header) and answers the pages' sizes. */
async function pages(path: string, headers: Record<string, string>, max = 3): Promise<number[]> {
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await ok(
      `${path}${path.includes('?') ? '&' : '?'}limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      headers,
    );
    const body = (await res.json()) as unknown[] | { receipts: unknown[]; nextCursor: string | null };
    sizes.push(Array.isArray(body) ? body.length : body.receipts.length);
    cursor = Array.isArray(body) ? res.headers.get('x-next-cursor') : body.nextCursor;
  } while (cursor && sizes.length < max);
  return sizes;
}

async function ok(path: string, headers: Record<string, string>) {
  const res = await s.request(path, { headers });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res;
}

const trpc = (procedures: string, inputs: unknown[]) =>
  `/api/trpc/${procedures}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }]))))}`;

describe('EXPLAIN QUERY PLAN of the hot paths', () => {
  it('the Audit tab: every filter, first and next pages: no full scan of a big table (ADR 038)', async () => {
    const staff = { cookie: s.admin };
    const statements = await statementsOf(async () => {
      for (const q of [
        '',
        'actorId=seed-teacher-1',
        'entity=note',
        'entity=note&entityId=seed-note-4',
        'from=2020-01-01&to=2024-12-31',
        'actorId=seed-director&from=2020-01-01',
        'entity=activity&to=2025-06-30',
        // A name: the children and staff so named, their rows through the record's and the person's indexes.
        'name=e',
        'name=e&entity=note',
      ]) {
        expect((await pages(`/api/admin/audit-log${q ? `?${q}` : ''}`, staff, 2)).length, q).toBeGreaterThan(0);
      }
    });
    expect(statements.length).toBeGreaterThan(6);
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it('the Audit tab: each set of filters reads its own index, first and next pages, whatever the planner would prefer', async () => {
    // The filters, and the index (with the equalities it searches on) that a page must read: a record's id alone
    // once walked the whole log through the time index (a LIMIT over an index in the page's order looked like a
    // page), and a person's notes from a date on were read, from the second page, through the notes of everyone.
    const cases: [string, string, string][] = [
      ['', 'audit_log_at_idx', ''],
      ['actorId=seed-teacher-1', 'audit_log_actor_idx', 'actor_id=?'],
      ['entity=note', 'audit_log_entity_idx', 'entity=?'],
      ['entityId=seed-note-4', 'audit_log_entity_id_idx', 'entity_id=?'],
      ['entity=note&entityId=seed-note-4', 'audit_log_entity_id_idx', 'entity_id=?'],
      ['actorId=seed-teacher-2&entity=note', 'audit_log_actor_entity_idx', 'actor_id=? AND entity=?'],
      ['actorId=seed-teacher-2&entity=note&from=2000-01-01', 'audit_log_actor_entity_idx', 'actor_id=? AND entity=? AND at>?'],
      ['actorId=seed-teacher-2&entityId=seed-note-4', 'audit_log_entity_id_idx', 'entity_id=?'],
      ['from=2020-01-01&to=2024-12-31', 'audit_log_at_idx', 'at>? AND at<?'],
      ['actorId=seed-director&from=2020-01-01', 'audit_log_actor_idx', 'actor_id=? AND at>?'],
    ];
    for (const [q, index, searched] of cases) {
      // A session of its own: a first page the response cache kept for the test above is not read again.
      const staff = { cookie: await s.adminCookie() };
      const statements = await statementsOf(async () => {
        await pages(`/api/admin/audit-log${q ? `?${q}` : ''}`, staff, 2);
      });
      const reads = statements.filter((sql) => /\bfrom "audit_log"/.test(sql));
      expect(reads.length, q).toBeGreaterThan(0);
      for (const sql of reads) {
        const params = (sql.match(/\?/g) ?? []).map(() => null);
        const plan = (s.db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((p) => p.detail);
        expect(plan, `${q}: ${sql}`).toHaveLength(1);
        const detail = plan[0]!;
        // The unfiltered first page walks the time index from its newest end; every other page is a search.
        if (detail.startsWith('SCAN')) expect(detail, q).toBe(`SCAN audit_log USING INDEX ${index}`);
        else expect(detail, q).toMatch(new RegExp(`^SEARCH audit_log USING INDEX ${index} \\(${searched.replace(/[?()]/g, '\\$&')}`));
      }
    }
  });

  it('the parent dashboard and its tabs: no full scan of a big table', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const statements = await statementsOf(async () => {
      // A write first: the read cache is empty, so every query really runs.
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      await ok(trpc('parentPortal.dashboard', [{ childId: null }]), bearer);
      const page = await ok(`/api/parent/daily-activities/${childId}?limit=20`, bearer);
      await ok(`/api/parent/daily-activities/${childId}?limit=20&cursor=${encodeURIComponent(page.headers.get('x-next-cursor')!)}`, bearer);
      const notes = await ok(`/api/parent/development-notes/${childId}?limit=5`, bearer);
      await ok(
        `/api/parent/development-notes/${childId}?limit=5&cursor=${encodeURIComponent(notes.headers.get('x-next-cursor')!)}`,
        bearer,
      );
      await ok('/api/parent/children', bearer);
      await ok(`/api/parent/stats/${childId}`, bearer);
      await ok(`/api/parent/milestones/${childId}`, bearer);
      // The Today tab: the day's timeline, today's and another day's, and the photos' pages.
      await ok(`/api/parent/daily-entries/${childId}`, bearer);
      await ok(`/api/parent/daily-entries/${childId}?date=2026-11-18`, bearer);
      await ok(trpc('daily.parentDay', [{ childId, date: '2026-11-17' }]), bearer);
      await pages(`/api/parent/children/${childId}/photos`, bearer);
      // The Today tab's notice of an incident report to sign, and the Health tab's list (ADR 093).
      await ok(`/api/parent/children/${childId}/incidents`, bearer);
      await ok(trpc('communications.parentMessages,communications.parentDocumentRequests', [{ limit: 20 }, { limit: 20 }]), bearer);
      expect((await pages('/api/parent/communications', bearer)).length).toBeGreaterThan(1);
      await pages('/api/parent/document-requests', bearer);
      expect((await pages('/api/parent/payment-receipts', bearer)).length).toBeGreaterThan(1);
      await pages(`/api/parent/payment-receipts?childId=${childId}`, bearer);
    });
    expect(statements.length).toBeGreaterThan(8);
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it("staff: a child's records and summary, and the lists of children: no full scan of a big table", async () => {
    const staff = { cookie: s.admin };
    const statements = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      await ok('/api/admin/enrolled-children', staff);
      await ok(`/api/admin/child-activities/${childId}`, staff);
      await ok(`/api/admin/activities-summary/${childId}/2026-11-15/2026-11-21`, staff);
      await ok(`/api/admin/child-achievements/${childId}`, staff);
      // The Daily sheets tab: every child's day.
      await ok(trpc('daily.room', [{}]), staff);
    });
    expect(statements.length).toBeGreaterThan(3);
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it("staff: the pages of messages, document requests and receipts, and the badges' counts: no full scan of a big table", async () => {
    const staff = { cookie: s.admin };
    const statements = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      expect((await pages('/api/admin/communications', staff)).length).toBeGreaterThan(1);
      await pages('/api/admin/document-requests', staff);
      expect((await pages('/api/admin/payment-receipts', staff)).length).toBeGreaterThan(1);
      await ok(trpc('communications.adminMessages,communications.adminDocumentRequests', [{ limit: 20 }, { limit: 20 }]), staff);
    });
    expect(statements.length).toBeGreaterThan(4);
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it("attendance: the staff's day view, the tab's adults, the monthly report, the sign-in sheet and a parent's history search an index", async () => {
    const staff = { cookie: s.admin };
    const bearer = { authorization: `Bearer ${token}` };
    const yesterday = new Date(s.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const statements = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      const day = (await (await ok(`/api/admin/attendance?date=${yesterday}`, staff)).json()) as { children: { status: string }[] };
      expect(day.children.some((c) => c.status !== 'absent')).toBe(true);
      await ok(trpc('attendance.adults,classrooms.list', [null, null]), staff);
      await ok(`/api/admin/attendance/report.csv?month=${yesterday.slice(0, 7)}`, staff).then((r) => r.text());
      await ok(`/api/admin/attendance/sheet.pdf?date=${yesterday}`, staff);
      await ok(`/api/admin/enrolled-children/${childId}/pickups`, staff);
      await ok(`/api/parent/attendance/${childId}`, bearer);
      await ok(`/api/parent/children/${childId}/pickups`, bearer);
    });
    const daySql = statements.find((sql) => /from "attendance_events" where \("attendance_events"\."at" >= \?/.test(sql))!;
    expect(daySql).toBeDefined();
    const plan = (s.db.$client.prepare(`EXPLAIN QUERY PLAN ${daySql}`).all(null, null) as { detail: string }[]).map((p) => p.detail);
    expect(plan.join('\n')).toMatch(/SEARCH attendance_events USING INDEX attendance_events_at_idx \(at>\? AND at<\?\)/);
    expect(statements.length).toBeGreaterThan(6);
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it("the family archive: the record, the attendance summary and the photos of the day search the child's indexes", async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const statements = await statementsOf(async () => {
      await ok(`/api/parent/children/${childId}/archive.zip`, bearer).then((r) => r.arrayBuffer());
    });
    expect(statements.some((sql) => /from "attendance_events"/.test(sql))).toBe(true);
    expect(statements.some((sql) => /from "child_photo_tags"/.test(sql))).toBe(true);
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it('staff: the pages of enrollment applications (all, and of one status) read an index range', async () => {
    const staff = { cookie: s.admin };
    for (let i = 0; i < 12; i++) {
      const res = await s.request('/api/enrollment', {
        method: 'POST',
        json: { ...sampleApplication, parentEmail: `plans${i}@example.com` },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    }
    const statements = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      expect((await pages('/api/enrollment-applications', staff)).length).toBeGreaterThan(1);
      expect((await pages('/api/enrollment-applications?status=pending', staff)).length).toBeGreaterThan(1);
    });
    const paged = statements.filter((sql) => /from "enrollment_applications"/.test(sql) && /limit \?$/.test(sql.trim()));
    expect(paged.length).toBeGreaterThan(1);
    for (const sql of paged) expect(fullScans(sql, ['enrollment_applications']), sql).toEqual([]);
  });

  it('staff: the Payments cards and the Applications counts read every row once per write, not once per request', async () => {
    const staff = { cookie: s.admin };
    const wholeTables = ['payment_receipts', 'enrollment_applications'];
    // The first reads after a write sum and count every row (REST)...
    const first = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      await ok('/api/admin/payment-receipts/summary', staff);
      await ok('/api/enrollment-applications?limit=5', staff);
    });
    expect(first.filter((sql) => fullScans(sql, wholeTables).length > 0).length).toBeGreaterThan(0);
    // ...and the next ones, nothing written meanwhile (over tRPC: another answer, the same data), none.
    const next = await statementsOf(async () => {
      await ok(trpc('payments.summary,applications.list', [null, { limit: 5 }]), staff);
    });
    for (const sql of next) expect(fullScans(sql, wholeTables), sql).toEqual([]);
  });

  it('the checks every signed-in request makes (sessions): no full scan', async () => {
    const statements = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      await ok('/api/parent/children', { authorization: `Bearer ${token}` });
      await ok('/api/admin/enrolled-children', { cookie: s.admin });
    });
    for (const sql of statements) expect(fullScans(sql), sql).toEqual([]);
  });

  it("the health and compliance reads: the inspector's list, a child's health record and review, the medication lists search indexes", async () => {
    const staff = { cookie: s.admin };
    const bearer = { authorization: `Bearer ${token}` };
    // Beside the tables above, the records a licence keeps grow with every year the centre runs (ADRs 092-094).
    const recordTables = [...BIG_TABLES, 'medication_authorizations', 'medication_doses', 'annual_reviews', 'health_files'];
    const statements = await statementsOf(async () => {
      s.db.$client.prepare('update parent_users set phone = phone where email = ?').run(BENCH_PARENT_EMAIL);
      await ok('/api/admin/compliance', staff);
      await ok('/api/admin/compliance?status=overdue', staff);
      await ok(`/api/admin/children/${childId}/health`, staff);
      await ok('/api/admin/medication-authorizations?status=pending', staff);
      await ok(`/api/admin/medication-authorizations?childId=${childId}`, staff);
      await ok(`/api/admin/medication-doses?date=${new Date(s.clock.now()).toISOString().slice(0, 10)}`, staff);
      await ok(`/api/parent/children/${childId}/health`, bearer);
      await ok(`/api/parent/children/${childId}/annual-review`, bearer);
      await ok(`/api/parent/children/${childId}/medication-authorizations`, bearer);
    });
    expect(statements.some((sql) => /from "incident_reports"/.test(sql))).toBe(true);
    expect(statements.some((sql) => /"annual_reviews"/.test(sql))).toBe(true);
    expect(statements.some((sql) => /from "medication_authorizations"/.test(sql))).toBe(true);
    const scans = statements.flatMap((sql) => fullScans(sql, recordTables).map((scan) => `${scan}: ${sql}`));
    expect(scans).toEqual([]);
  });

  it('the plan check itself catches a full scan', () => {
    expect(fullScans('select * from daily_activities where title = ?')).not.toEqual([]);
    expect(fullScans('select * from daily_activities where child_id = ? order by activity_date desc limit 20')).toEqual([]);
    // A page read in index order stops after its rows; the same walk without a LIMIT, or a page that must sort every row first, does not.
    expect(fullScans('select * from communication_messages order by created_at desc, id desc limit ?')).toEqual([]);
    expect(fullScans('select * from communication_messages order by created_at desc, id desc')).not.toEqual([]);
    expect(fullScans('select * from communication_messages order by subject desc limit ?')).not.toEqual([]);
  });
});
