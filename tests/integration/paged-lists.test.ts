/**
 * The lists that grow with the years answer one page at a time (ADR 014): messages, document requests and
 * payment receipts, for staff and for parents, over REST and tRPC. A page holds at most `limit` rows, the
 * cursor gives the next page with no repeat and no gap (also between rows of the same millisecond, and while
 * new rows arrive), a limit above the maximum is a clear 400, another family's rows never appear, and the
 * figures the pages show (unread, pending, the statement years, the Payments summary, the applications'
 * counts) count every row. Enrollment applications are paged for staff too.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  communicationMessages,
  documentRequests,
  enrollmentApplications,
  parentChildRelationships,
  parentUsers,
  paymentReceipts,
} from '../../db/schema';
import { createParentSession } from '../../src/server/auth/session';
import { centre } from '../../src/shared/centre';
import { PAGE_DEFAULT, PAGE_MAX } from '../../src/shared/schemas/page';
import { addChild, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { json, sampleApplication } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();

interface Family {
  child: ChildBody;
  email: string;
  parentId: string;
  auth: { headers: Record<string, string> };
}

async function family(name: string): Promise<Family> {
  const email = `${name}@example.com`;
  const child = await addChild(s, { childName: `${name} Junior`, parentName: `${name} Senior`, parentEmail: email });
  const parentId = s.db.insert(parentUsers).values({ email, firstName: name, lastName: 'Senior', passwordHash: 'x' }).returning().get().id;
  s.db.insert(parentChildRelationships).values({ parentId, childId: child.id, isPrimary: true }).run();
  const { token } = createParentSession(s.db, s.clock, parentId);
  return { child, email, parentId, auth: { headers: { authorization: `Bearer ${token}` } } };
}

/** The same millisecond for many rows: only the id can order them, and the cursor must still be exact. */
const SAME_MOMENT = new Date('2026-11-10T15:00:00Z');

function insertMessages(f: Family, n: number, opts: { at?: (i: number) => Date; unreadFromCentre?: (i: number) => boolean } = {}) {
  const rows = Array.from({ length: n }, (_, i) => {
    const fromCentre = i % 2 === 0;
    const createdAt = opts.at?.(i) ?? SAME_MOMENT;
    return fromCentre
      ? {
          senderType: 'admin',
          senderId: 'staff',
          senderName: 'Staff',
          recipientType: 'parent',
          recipientId: f.email,
          recipientName: f.email,
          subject: `To ${f.email} ${i}`,
          content: 'x',
          isRead: !(opts.unreadFromCentre?.(i) ?? true),
          createdAt,
          updatedAt: createdAt,
        }
      : {
          senderType: 'parent',
          senderId: f.parentId,
          senderName: f.email,
          recipientType: 'admin',
          recipientId: centre.email,
          recipientName: centre.name,
          subject: `From ${f.email} ${i}`,
          content: 'x',
          isRead: false,
          createdAt,
          updatedAt: createdAt,
        };
  });
  return s.db
    .insert(communicationMessages)
    .values(rows)
    .returning({ id: communicationMessages.id })
    .all()
    .map((r) => r.id);
}

/** Reads a REST list path to its end (next page from X-Next-Cursor), checking each page's size. */
async function readAll(path: string, auth: { headers: Record<string, string> }, limit: number) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await s.request(
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      auth,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await json<{ id: string }[]>(res);
    sizes.push(page.length);
    ids.push(...page.map((r) => r.id));
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return { ids, sizes };
}

const trpcGet = (procedure: string, input: unknown) =>
  `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

async function trpcData<T>(procedure: string, input: unknown, auth: { headers: Record<string, string> }): Promise<T> {
  const res = await s.request(trpcGet(procedure, input), auth);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function errorOf(path: string, auth: { headers: Record<string, string> }) {
  const res = await s.request(path, auth);
  return { status: res.status, text: await res.text() };
}

let a: Family;
let b: Family;
let aMessages: string[] = [];
let bMessages: string[] = [];
beforeAll(async () => {
  a = await family('paula');
  b = await family('quentin');
  // 45 of Paula's messages in one millisecond, 8 later ones; Quentin's in the same millisecond.
  aMessages = [
    ...insertMessages(a, 45, { unreadFromCentre: (i) => i % 4 === 0 }),
    ...insertMessages(a, 8, { at: (i) => new Date(SAME_MOMENT.getTime() + 1000 * (i + 1)), unreadFromCentre: () => false }),
  ];
  bMessages = insertMessages(b, 12);
});

describe("a parent's messages", () => {
  it('come a page at a time, newest first, with no repeat or gap even when they share a millisecond, and never another family’s', async () => {
    const { ids, sizes } = await readAll('/api/parent/communications', a.auth, 10);
    expect(sizes).toEqual([10, 10, 10, 10, 10, 3]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(aMessages));
    expect(ids.some((id) => bMessages.includes(id))).toBe(false);
    const other = await readAll('/api/parent/communications', b.auth, 5);
    expect(new Set(other.ids)).toEqual(new Set(bMessages));
  });

  it('answer the unread count over every message (not the page) through tRPC, and it follows Mark as Read', async () => {
    const unreadInDb = () =>
      s.db
        .select()
        .from(communicationMessages)
        .where(eq(communicationMessages.recipientId, a.email))
        .all()
        .filter((m) => m.recipientType === 'parent' && !m.isRead);
    const expected = unreadInDb().length;
    expect(expected).toBeGreaterThan(5);
    const first = await trpcData<{ items: { id: string }[]; nextCursor: string | null; unreadCount: number }>(
      'communications.parentMessages',
      { limit: 5 },
      a.auth,
    );
    expect(first.items).toHaveLength(5);
    expect(first.unreadCount).toBe(expected);
    const second = await trpcData<{ items: { id: string }[]; unreadCount: number }>(
      'communications.parentMessages',
      { limit: 5, cursor: first.nextCursor },
      a.auth,
    );
    expect(second.items.filter((m) => first.items.some((f) => f.id === m.id))).toEqual([]);
    expect(second.unreadCount).toBe(expected);

    const target = unreadInDb()[0]!;
    expect((await s.request(`/api/communications/${target.id}/mark-read`, { method: 'POST', ...a.auth })).status).toBe(200);
    expect((await trpcData<{ unreadCount: number }>('communications.parentMessages', { limit: 5 }, a.auth)).unreadCount).toBe(expected - 1);
    // Without input: the first page of the default size.
    expect((await trpcData<{ items: unknown[] }>('communications.parentMessages', undefined, a.auth)).items).toHaveLength(PAGE_DEFAULT);
  });

  it('keep their place while new messages arrive: the next page continues after the last one shown', async () => {
    const first = await trpcData<{ items: { id: string }[]; nextCursor: string }>('communications.parentMessages', { limit: 20 }, a.auth);
    const arrived = insertMessages(a, 3, { at: () => new Date(SAME_MOMENT.getTime() + 60_000) });
    const rest: string[] = [];
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const page: { items: { id: string }[]; nextCursor: string | null } = await trpcData(
        'communications.parentMessages',
        { limit: 20, cursor },
        a.auth,
      );
      rest.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    }
    const seen = [...first.items.map((m) => m.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(aMessages));
    expect(rest.some((id) => arrived.includes(id))).toBe(false);
    aMessages.push(...arrived);
  });
});

describe('page limits and cursors', () => {
  it(`refuse a limit above ${PAGE_MAX}, below 1 or not a number, and a cursor that was not given out, with a clear 400`, async () => {
    for (const path of ['/api/parent/communications', '/api/parent/document-requests', '/api/parent/payment-receipts']) {
      const tooMany = await errorOf(`${path}?limit=${PAGE_MAX + 1}`, a.auth);
      expect(tooMany.status, path).toBe(400);
      expect(tooMany.text).toContain(`must be at most ${PAGE_MAX}`);
      expect((await errorOf(`${path}?limit=0`, a.auth)).status).toBe(400);
      expect((await errorOf(`${path}?limit=ten`, a.auth)).text).toContain('must be a number');
      const bad = await errorOf(`${path}?cursor=garbage`, a.auth);
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('The page cursor is not valid');
    }
    for (const path of ['/api/admin/communications', '/api/admin/document-requests', '/api/admin/payment-receipts']) {
      expect((await errorOf(`${path}?limit=${PAGE_MAX + 1}`, as(s.admin))).status, path).toBe(400);
      expect((await errorOf(`${path}?cursor=${Buffer.from('["x"]').toString('base64url')}`, as(s.admin))).status, path).toBe(400);
    }
    const viaTrpc = await s.request(trpcGet('communications.adminMessages', { limit: 1000 }), as(s.admin));
    expect(viaTrpc.status).toBe(400);
    expect(await viaTrpc.text()).toContain(`must be at most ${PAGE_MAX}`);
  });

  it(`give a REST caller without a limit the largest page (${PAGE_MAX}) and the cursor of the next, never the whole list`, async () => {
    const total = s.db.select().from(communicationMessages).all().length;
    insertMessages(b, Math.max(0, PAGE_MAX + 10 - total));
    const res = await s.request('/api/admin/communications', as(s.admin));
    expect(res.status).toBe(200);
    expect(await json<unknown[]>(res)).toHaveLength(PAGE_MAX);
    expect(res.headers.get('x-next-cursor')).toBeTruthy();
    const staff = await readAll('/api/admin/communications', as(s.admin), PAGE_MAX);
    expect(staff.ids.length).toBe(s.db.select().from(communicationMessages).all().length);
    expect(new Set(staff.ids).size).toBe(staff.ids.length);
    // Staff's unread badge: every message to the centre not read yet.
    const toCentreUnread = s.db
      .select()
      .from(communicationMessages)
      .all()
      .filter((m) => m.recipientType === 'admin' && !m.isRead).length;
    expect((await s.caller('admin').communications.adminMessages({ limit: 1 })).unreadCount).toBe(toCentreUnread);
  });
});

describe('document requests', () => {
  it('come a page at a time for the parent and for staff, with the pending count over all of them, and never another family’s', async () => {
    const rows = (f: Family, n: number, status: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => ({
        adminName: 'Staff',
        parentId: f.email,
        parentName: f.email,
        childId: f.child.id,
        childName: f.child.childName,
        title: `Form ${i}`,
        description: 'x',
        status: status(i),
        createdAt: SAME_MOMENT,
      }));
    const mine = s.db
      .insert(documentRequests)
      .values(rows(a, 23, (i) => (i % 3 === 0 ? 'fulfilled' : 'pending')))
      .returning()
      .all();
    const theirs = s.db
      .insert(documentRequests)
      .values(rows(b, 4, () => 'pending'))
      .returning()
      .all();
    const { ids, sizes } = await readAll('/api/parent/document-requests', a.auth, 10);
    expect(sizes).toEqual([10, 10, 3]);
    expect(new Set(ids)).toEqual(new Set(mine.map((r) => r.id)));
    const page = await trpcData<{ items: unknown[]; pendingCount: number }>('communications.parentDocumentRequests', { limit: 2 }, a.auth);
    expect(page.items).toHaveLength(2);
    expect(page.pendingCount).toBe(mine.filter((r) => r.status === 'pending').length);
    expect((await trpcData<{ pendingCount: number }>('communications.parentDocumentRequests', { limit: 2 }, b.auth)).pendingCount).toBe(4);
    const staff = await readAll('/api/admin/document-requests', as(s.admin), 7);
    expect(new Set(staff.ids)).toEqual(new Set([...mine, ...theirs].map((r) => r.id)));
    expect((await s.caller('admin').communications.adminDocumentRequests({ limit: 1 })).pendingCount).toBe(19);
  });
});

describe('payment receipts', () => {
  let aReceipts: string[] = [];
  let bReceipts: string[] = [];
  beforeAll(() => {
    const row = (f: Family, i: number, paymentDate: string) => ({
      childId: f.child.id,
      childName: f.child.childName,
      parentName: f.email,
      parentEmail: i % 2 ? f.email.toUpperCase() : f.email,
      paymentType: 'tuition',
      amount: `${100 + i}.25`,
      paymentMethod: 'cash',
      paymentDate,
      receiptNumber: `${f.email}-${i}`,
      createdAt: SAME_MOMENT,
      updatedAt: SAME_MOMENT,
    });
    // Thirty on the same day and millisecond (the receipt number orders them), and a year earlier too.
    aReceipts = s.db
      .insert(paymentReceipts)
      .values([
        ...Array.from({ length: 30 }, (_, i) => row(a, i, '2026-11-02')),
        ...Array.from({ length: 7 }, (_, i) => row(a, 100 + i, '2025-03-01')),
      ])
      .returning()
      .all()
      .map((r) => r.id);
    bReceipts = s.db
      .insert(paymentReceipts)
      .values(Array.from({ length: 6 }, (_, i) => row(b, i, '2026-11-03')))
      .returning()
      .all()
      .map((r) => r.id);
  });

  it("a parent's come a page at a time, and the statement years count every receipt, not the page", async () => {
    const pages: { receipts: { id: string }[]; statements: unknown[]; nextCursor: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const res = await s.request(`/api/parent/payment-receipts?limit=8${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, a.auth);
      expect(res.status).toBe(200);
      const page: (typeof pages)[number] = await json(res);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.receipts.length)).toEqual([8, 8, 8, 8, 5]);
    const ids = pages.flatMap((p) => p.receipts.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(aReceipts));
    const cents = (from: number, n: number) => Array.from({ length: n }, (_, i) => (100 + from + i) * 100 + 25).reduce((x, y) => x + y, 0);
    for (const page of pages) {
      expect(page.statements).toEqual([
        { taxYear: '2026', paymentCount: 30, totalCents: cents(0, 30) },
        { taxYear: '2025', paymentCount: 7, totalCents: cents(100, 7) },
      ]);
    }
  });

  it("a child filter shows that child's receipts; another family's child is a 404 that leaks nothing", async () => {
    const own = await json<{ receipts: { id: string }[] }>(
      await s.request(`/api/parent/payment-receipts?childId=${a.child.id}&limit=100`, a.auth),
    );
    expect(own.receipts).toHaveLength(37);
    const other = await s.request(`/api/parent/payment-receipts?childId=${b.child.id}`, a.auth);
    expect(other.status).toBe(404);
    const text = await other.text();
    expect(text).not.toContain(b.email);
    expect(text).not.toContain(b.child.childName);
    const viaTrpc = await s.request(trpcGet('payments.parentReceipts', { childId: b.child.id }), a.auth);
    expect(viaTrpc.status).toBe(404);
    expect(await viaTrpc.text()).not.toContain(b.email);
  });

  it("staff's come a page at a time over every receipt, and the summary counts all of them", async () => {
    const { ids, sizes } = await readAll('/api/admin/payment-receipts', as(s.admin), 10);
    expect(sizes.every((n) => n <= 10)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set([...aReceipts, ...bReceipts]));
    const summary = await s.caller('admin').payments.summary();
    expect(summary.receiptCount).toBe(ids.length);
    expect((await s.caller('admin').payments.list({ limit: 3 })).items).toHaveLength(3);
  });
});

describe('enrollment applications', () => {
  it('come a page at a time, of all statuses or of one, with the counts the header shows over every application', async () => {
    const statuses = ['pending', 'approved', 'waitlist'] as const;
    const made = s.db
      .insert(enrollmentApplications)
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          ...sampleApplication,
          parentEmail: `applicant${i}@example.com`,
          status: statuses[i % 3],
          createdAt: SAME_MOMENT,
        })),
      )
      .returning({ id: enrollmentApplications.id, status: enrollmentApplications.status })
      .all();
    const all = s.db.select({ id: enrollmentApplications.id, status: enrollmentApplications.status }).from(enrollmentApplications).all();
    const { ids, sizes } = await readAll('/api/enrollment-applications', as(s.admin), 10);
    expect(sizes.slice(0, 2)).toEqual([10, 10]);
    expect(new Set(ids)).toEqual(new Set(all.map((a) => a.id)));
    const approved = await readAll('/api/enrollment-applications?status=approved', as(s.admin), 4);
    expect(new Set(approved.ids)).toEqual(new Set(all.filter((a) => a.status === 'approved').map((a) => a.id)));
    expect(approved.ids.length).toBeGreaterThanOrEqual(made.filter((a) => a.status === 'approved').length);

    const page = await s.caller('admin').applications.list({ limit: 2, status: 'waitlist' });
    expect(page.items).toHaveLength(2);
    expect(page.items.every((a) => a.status === 'waitlist')).toBe(true);
    expect(page.matching).toBe(all.filter((a) => a.status === 'waitlist').length);
    expect(page.total).toBe(all.length);

    const bad = await errorOf('/api/enrollment-applications?status=lost', as(s.admin));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Please choose a valid status');
    expect((await errorOf(`/api/enrollment-applications?limit=${PAGE_MAX + 1}`, as(s.admin))).status).toBe(400);
  });
});
