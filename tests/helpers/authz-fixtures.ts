import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { expect } from 'vitest';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { adminUsers, enrolledChildren, milestones, outboxMessages, privateFiles, uploadTokens } from '../../db/schema';
import { hashPassword } from '../../src/server/auth/password';
import { ADMIN_COOKIE, cookieName } from '../../src/server/auth/cookies';
import { createAdminSession, createParentSession } from '../../src/server/auth/session';
import { addChild, as, type AdminTestServer } from './admin-server';
import { httpRequest } from './http-client';
import { insertApplication, json } from './enrollment-fixtures';
import { bearer, enrolFamily, type Family } from './parent-fixtures';

/**
 * The five callers of the authorization matrix. Parent A owns every id the inputs name; parent B owns a family of
 * their own; `admin` is a director and `teacher` a teacher (ADR 039), each with an account of their own.
 */
export type Role = 'anonymous' | 'parentA' | 'parentB' | 'teacher' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'parentB', 'parentA', 'teacher', 'admin'];

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Words of family A that must never reach parent B: in no answer, however it fails. */
export const FAMILY_A_SECRETS = [
  'Amelia Ashdown',
  'family.a@example.com',
  'Ashdown-finger-painting',
  'Ashdown-private-note',
  'Ashdown-message-subject',
  'Ashdown-request-title',
];

export interface Fixtures {
  s: AdminTestServer;
  a: Family;
  b: Family;
  adminEmail: string;
  adminPassword: string;
  childA: string;
  childB: string;
  milestoneId: string;
  receiptA: string;
  documentA: string;
  /** Family A's document request, answered with a file. */
  answeredRequestA: string;
  outboxId: string;
  taxYear: string;
  /** Fresh request headers for a role: a new session every time, so a logout or a password change ends only its own. */
  headers(role: Role): Record<string, string>;
  /** The role's current password (a change in the matrix moves it on). */
  passwords: { parentA: string; parentB: string; admin: string; teacher: string };
  teacherEmail: string;
  /** A fresh teacher account (invited by the director), for what a call uses up (a deactivation). */
  staffAccount(): Promise<string>;
  /** The token of a fresh, unused invitation, read from the delivered message in the outbox. */
  staffToken(): Promise<string>;
  // Fresh rows, one per call, for what a call uses up (deletes, one-shot answers).
  event(): Promise<string>;
  announcement(): Promise<string>;
  application(status?: string): string;
  child(): Promise<string>;
  childWithLogin(): Promise<string>;
  picture(): Promise<string>;
  /** Written by the teacher when the role is the teacher (a teacher changes only their own), by the director otherwise. */
  activity(role?: Role): Promise<string>;
  note(role?: Role): Promise<string>;
  achievement(): Promise<string>;
  /** A milestone family A's child has not achieved yet. */
  milestone(): string;
  receipt(): Promise<string>;
  /** A message the role may mark read: to the centre for staff, to parent A otherwise. */
  messageFor(role: Role): Promise<string>;
  documentRequestA(): Promise<string>;
  /** A file parent A uploaded through a signed URL, not yet attached to a request: its upload URL. */
  uploadedByA(): Promise<string>;
  /** An unused upload URL signed for parent A. */
  uploadUrlA(): Promise<string>;
  resetToken(): Promise<string>;
  imageForm(): Promise<FormData>;
  /** The centre's logo uploaded by the director, so that removing it is a write. */
  centreLogo(): Promise<void>;
  /** A fresh daily sheet entry of family A's child (a diaper): the teacher's own when the role is the teacher, as activity. */
  dailyEntry(role?: Role): Promise<string>;
  /** A photo of the day tagging family A's child (who has photo consent), and the form that uploads another. */
  photoA: string;
  childPhotoForm(): Promise<FormData>;
}

let png: Buffer | null = null;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}`;

/** Two families (A with a receipt, a message, a document request answered with a file; B with a child of its own) and an admin. */
export async function buildFixtures(s: AdminTestServer): Promise<Fixtures> {
  // The matrix's director and teacher have accounts of their own: a password change in the matrix ends the
  // other sessions of its account, never the session s.admin uses to make the fixtures.
  const adminEmail = 'matrix.director@example.com';
  const adminPassword = 'director-pass-1';
  const teacherEmail = 'matrix.teacher@example.com';
  const staffHash = await hashPassword(adminPassword);
  s.db.insert(adminUsers).values({ email: adminEmail, name: 'Matrix Director', role: 'director', passwordHash: staffHash }).run();
  s.db.insert(adminUsers).values({ email: teacherEmail, name: 'Matrix Teacher', role: 'teacher', passwordHash: staffHash }).run();
  const sessionOf = (email: string) => {
    const id = s.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, email) }).sync()!.id;
    return `${cookieName(s.config, ADMIN_COOKIE)}=${createAdminSession(s.db, s.clock, id).token}`;
  };
  const a = await enrolFamily(s, 'family.a@example.com', ['Amelia Ashdown']);
  const b = await enrolFamily(s, 'family.b@example.com', ['Bruno Bell']);
  const childA = a.children[0]!.id;
  const milestoneIds = s.db
    .select({ id: milestones.id })
    .from(milestones)
    .all()
    .map((m) => m.id);
  const milestoneId = milestoneIds[0]!;
  let nextMilestone = 1;
  const admin = (path: string, method: string, body?: unknown) =>
    s.request(path, { method, ...(body === undefined ? {} : { json: body }), ...as(s.admin) });
  const created = async (path: string, body: unknown, pick: (j: Record<string, unknown>) => unknown = (j) => j.id, cookie?: string) => {
    const res = cookie ? await s.request(path, { method: 'POST', json: body, headers: { cookie } }) : await admin(path, 'POST', body);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return String(pick(await json(res)));
  };

  const f: Fixtures = {
    s,
    a,
    b,
    adminEmail,
    adminPassword,
    childA,
    childB: b.children[0]!.id,
    milestoneId,
    receiptA: '',
    documentA: '',
    answeredRequestA: '',
    outboxId: '',
    taxYear: '2026',
    passwords: { parentA: a.password, parentB: b.password, admin: adminPassword, teacher: adminPassword },
    teacherEmail,
    staffAccount: () =>
      created('/api/admin/staff', { name: unique('Tess Teacher'), email: `${unique('invited')}@example.com`, role: 'teacher' }),
    async staffToken() {
      const email = `${unique('invitee')}@example.com`;
      await created('/api/admin/staff', { name: 'Ivy Invitee', email, role: 'teacher' });
      const row = s.db.query.outboxMessages
        .findMany({ where: (o, { eq }) => eq(o.toAddress, email) })
        .sync()
        .at(-1)!;
      const text = (await PostalMime.parse(readFileSync(row.emlFile))).text ?? '';
      return text.match(/set-password#token=([a-z0-9]+)/)![1]!;
    },
    headers(role): Record<string, string> {
      if (role === 'anonymous') return {};
      if (role === 'admin') return { cookie: sessionOf(adminEmail) };
      if (role === 'teacher') return { cookie: sessionOf(teacherEmail) };
      const family = role === 'parentA' ? a : b;
      return bearer(createParentSession(s.db, s.clock, family.parentId).token).headers;
    },
    event: () => created('/api/events', { title: unique('Event'), description: 'Bring a hat', eventDate: '2026-12-04' }),
    announcement: () =>
      created('/api/announcements', {
        title: unique('Notice'),
        content: 'Closed Friday',
        category: 'general',
        priority: 'normal',
        isPublic: true,
      }),
    application: (status = 'pending') =>
      insertApplication(s, { parentEmail: `${unique('applicant')}@example.com`, childFirstName: unique('Emma'), status }),
    child: async () => (await addChild(s)).id,
    async childWithLogin() {
      const id = (await addChild(s)).id;
      expect((await admin(`/api/admin/generate-parent-login/${id}`, 'POST')).status).toBe(200);
      return id;
    },
    async picture() {
      const res = await s.request('/api/admin/pictures', { method: 'POST', body: await f.imageForm(), ...as(s.admin) });
      expect(res.status).toBe(201);
      return (await json<{ id: string }>(res)).id;
    },
    centreLogo: async () => {
      const form = new FormData();
      form.append('logo', (await f.imageForm()).get('picture')!);
      const res = await s.request('/api/admin/centre/logo', { method: 'PUT', body: form, ...as(s.admin) });
      expect(res.status, await res.clone().text()).toBe(200);
    },
    activity: (role) =>
      created(
        '/api/admin/daily-activities',
        {
          childId: childA,
          activityDate: '2026-11-20',
          category: 'creative',
          title: 'Ashdown-finger-painting',
          description: 'Painted',
          skillsPracticed: 'colour',
        },
        undefined,
        role === 'teacher' ? sessionOf(teacherEmail) : undefined,
      ),
    note: (role) =>
      created(
        '/api/admin/development-notes',
        { childId: childA, category: 'social', title: 'Ashdown-private-note', content: 'Shares toys', isPrivate: true },
        undefined,
        role === 'teacher' ? sessionOf(teacherEmail) : undefined,
      ),
    achievement: () =>
      created(
        '/api/admin/child-achievements',
        { childId: childA, milestoneId: f.milestone(), achievedAt: '2026-11-19' },
        (j) => (j.achievement as { id: string }).id,
      ),
    milestone: () => milestoneIds[nextMilestone++ % milestoneIds.length]!,
    receipt: () =>
      created(
        '/api/admin/payment-receipts',
        {
          childId: childA,
          parentName: 'Ann Ashdown',
          parentEmail: a.email,
          amount: '125.00',
          paymentMethod: 'cash',
          paymentDate: '2026-11-02',
          paymentType: 'tuition',
        },
        (j) => (j.receipt as { id?: string } | undefined)?.id ?? j.id,
      ),
    async messageFor(role) {
      if (role === 'admin' || role === 'teacher') {
        const res = await s.request('/api/parent/communications', {
          method: 'POST',
          json: { childId: childA, subject: 'Ashdown-message-subject', content: 'Late pick-up' },
          ...bearer(createParentSession(s.db, s.clock, a.parentId).token),
        });
        expect(res.status).toBe(201);
        return (await json<{ id: string }>(res)).id;
      }
      return created('/api/admin/communications', { childId: childA, subject: 'Ashdown-message-subject', content: 'Lovely day' });
    },
    documentRequestA: () =>
      created('/api/admin/document-requests', {
        childId: childA,
        documentType: 'immunization',
        title: 'Ashdown-request-title',
        description: 'Please send it',
      }),
    async uploadUrlA() {
      // The matrix uploads many files as A: the quota of unsubmitted files (tested on its own in account-rates)
      // starts afresh for each row, keeping A's submitted document.
      s.db
        .delete(privateFiles)
        .where(and(eq(privateFiles.ownerId, a.parentId), ne(privateFiles.id, f.documentA)))
        .run();
      s.db
        .delete(uploadTokens)
        .where(and(eq(uploadTokens.ownerId, a.parentId), isNotNull(uploadTokens.usedAt)))
        .run();
      const res = await s.request('/api/objects/upload', {
        method: 'POST',
        ...bearer(createParentSession(s.db, s.clock, a.parentId).token),
      });
      expect(res.status).toBe(200);
      return (await json<{ uploadURL: string }>(res)).uploadURL;
    },
    async uploadedByA() {
      const url = await f.uploadUrlA();
      const put = await s.request(url, {
        method: 'PUT',
        body: PDF,
        headers: { 'content-type': 'application/pdf', ...bearer(createParentSession(s.db, s.clock, a.parentId).token).headers },
      });
      expect(put.status).toBe(201);
      return url;
    },
    async resetToken() {
      // A parent of their own (a reset ends the account's sessions and changes its password), and the link from the outbox.
      const id = await f.childWithLogin();
      const email = s.db.query.enrolledChildren
        .findFirst({ where: (c, { eq }) => eq(c.id, id) })
        .sync()!
        .parentEmail.toLowerCase();
      const res = await s.request('/api/parent/forgot-password', {
        method: 'POST',
        json: { email },
        headers: { 'x-forwarded-for': `10.9.${++seq % 250}.${seq % 250}` },
      });
      expect(res.status).toBe(200);
      await drainMailQueue(s.db);
      const row = s.db.query.outboxMessages
        .findMany({ where: (o, { eq }) => eq(o.toAddress, email) })
        .sync()
        .at(-1)!;
      return row.textBody.match(/parent-reset-password#token=([a-z0-9]+)/)![1]!;
    },
    dailyEntry: (role) =>
      created(
        '/api/admin/daily-entries',
        { childId: childA, kind: 'diaper', details: { type: 'wet' } },
        undefined,
        role === 'teacher' ? sessionOf(teacherEmail) : undefined,
      ),
    photoA: '',
    async childPhotoForm() {
      const form = await f.imageForm();
      form.append('childIds[]', childA);
      return form;
    },
    async imageForm() {
      png ??= await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
      form.append('caption', 'A dot');
      return form;
    },
  };

  f.receiptA = await f.receipt();
  // A document of family A: uploaded by the parent and attached to the request staff made.
  const requestId = await f.documentRequestA();
  const uploadURL = await f.uploadedByA();
  const respond = await s.request(`/api/parent/document-requests/${requestId}/respond`, {
    method: 'POST',
    json: { documentUrl: uploadURL, documentName: 'Immunization record' },
    ...bearer(a.token),
  });
  expect(respond.status).toBe(200);
  f.documentA = (await json<{ responseDocumentUrl: string }>(respond)).responseDocumentUrl.split('/').at(-1)!;
  f.answeredRequestA = requestId;
  // Family A's child is here today: the daily sheet takes entries only for a child checked in (ADR 080).
  await created('/api/admin/attendance', { childId: childA, kind: 'in', by: 'Ada Ashdown' });
  await f.activity();
  // Something for the matrix's weekly report (2026-11-15 to 21) to report: a week with nothing in it is refused
  // (400), and the matrix asks for the answer to a valid input. Its own row, which no role's call deletes.
  await created('/api/admin/daily-activities', {
    childId: childA,
    activityDate: '2026-11-17',
    category: 'outdoor',
    title: 'Ashdown-report-week',
    description: 'Leaf hunt',
  });
  await f.note();
  await f.messageFor('parentA');
  // Family A's child has photo consent on file: a photo of the day tags them.
  s.db.update(enrolledChildren).set({ photoConsent: true }).where(eq(enrolledChildren.id, childA)).run();
  const photo = await s.request('/api/admin/child-photos', { method: 'POST', body: await f.childPhotoForm(), ...as(s.admin) });
  expect(photo.status, await photo.clone().text()).toBe(201);
  f.photoA = (await json<{ id: string }>(photo)).id;
  f.outboxId = s.db.select({ id: outboxMessages.id }).from(outboxMessages).limit(1).get()!.id;
  return f;
}

let address = 0;
/** A caller address of its own for every request (the server trusts X-Forwarded-For from loopback), so no rate limit is reached. */
export function freshAddress(): Record<string, string> {
  address++;
  return { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` };
}

/** Calls a tRPC procedure over HTTP, as the client does (superjson's `{ json }` envelope). */
export function callProcedure(
  s: AdminTestServer,
  path: string,
  type: string,
  input: unknown,
  headers: Record<string, string>,
): Promise<Response> {
  // As s.request (our own Origin unless the caller names one), through node:http: the matrix and the fuzz tests
  // call every procedure thousands of times in all (tests/helpers/http-client.ts).
  const h: Record<string, string> = { ...freshAddress(), ...headers };
  if (!('origin' in h) && !('sec-fetch-site' in h)) h.origin = s.url;
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return httpRequest(`${s.url}/api/trpc/${path}${query}`, { headers: h });
  }
  return httpRequest(`${s.url}/api/trpc/${path}`, {
    method: 'POST',
    headers: { ...h, 'content-type': 'application/json' },
    body: JSON.stringify({ json: input ?? null }),
  });
}

/**
 * Calls a REST path: JSON for plain values, FormData and bytes as they are. As s.request (our own Origin unless the
 * caller names one), through node:http rather than fetch, as callProcedure: the matrix, the fuzz and the every-write
 * files call every path thousands of times in all. A form is sent as the bytes and multipart type fetch would send
 * for it (undici's own encoding); no /api path answers with a redirect, so none is followed.
 */
export async function callRoute(
  s: AdminTestServer,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Response> {
  const h: Record<string, string> = { ...freshAddress(), ...headers };
  const named = Object.keys(h).map((name) => name.toLowerCase());
  if (!named.includes('origin') && !named.includes('sec-fetch-site')) h.origin = s.url;
  const url = s.url + path;
  if (body === undefined) return httpRequest(url, { method, headers: h });
  if (body instanceof FormData) {
    const encoded = new Request(url, { method: 'POST', body });
    const type = encoded.headers.get('content-type')!;
    return httpRequest(url, { method, headers: { ...h, 'content-type': type }, body: new Uint8Array(await encoded.arrayBuffer()) });
  }
  if (body instanceof Uint8Array)
    return httpRequest(url, { method, body: new Uint8Array(body), headers: { 'content-type': 'application/pdf', ...h } });
  return httpRequest(url, { method, headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
