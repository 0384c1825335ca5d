/**
 * Rights checked inside each write (ADR 063): a request's session is read before its body arrives, so an account
 * deactivated or demoted while the body is still on its way must not write with the rights it had. The attack is
 * made as it was reported: a director's POST sent in two pieces, the account changed by another director between
 * them. Then the same through a handle of the database (the check inside the transaction), and the upload paths
 * that write after reading a long body.
 */
import { request as httpRequest } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { adminSessions, adminUsers, auditLog, events, parentUsers, privateFiles, uploadTokens } from '../../db/schema';
import { DIRECTOR_ONLY } from '../../src/server/auth/guards';
import { type Auth, validateAdminToken, validateParentToken } from '../../src/server/auth/session';
import { guardWrites, SIGN_IN, STAFF_SIGN_IN } from '../../src/server/auth/write-rights';
import { cacheStore } from '../../src/server/cache/store';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { PDF } from '../helpers/authz-fixtures';
import { english } from '../helpers/english';

const s = sharedAdminServer();
let n = 0;

/** A second director (or a teacher) with a session of their own: the cookie, the session id and the account id. */
async function staffMember(role: 'director' | 'teacher' = 'director') {
  const email = `second.${role}${++n}@example.com`;
  const cookie = await s.adminCookie(email, role);
  const id = s.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email)).get()!.id;
  const token = cookie.split('=')[1]!;
  return { id, email, cookie, token, sessionId: token.split('.')[0]! };
}

/**
 * A request whose headers and first `head` bytes are sent now and the rest only when `finish` is called, over a
 * socket of its own, as a slow client sends it.
 */
function slowRequest(method: string, path: string, headers: Record<string, string>, body: Buffer | string, head = 5) {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const req = httpRequest(`${s.url}${path}`, {
    method,
    headers: { origin: s.url, 'content-length': String(bytes.byteLength), ...headers },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, head));
  return {
    finish() {
      req.end(bytes.subarray(head));
      return answer;
    },
  };
}

/** Waits until the server has read this session for a request (its row is then in the data memo of context.ts). */
async function sessionRead(sessionId: string) {
  await vi.waitFor(() => expect(cacheStore(s.db).holds(`memo\nadmin-session:${sessionId}`)).toBe(true), { timeout: 5000 });
}

const auditRows = () => s.db.select({ n: count() }).from(auditLog).get()!.n;
const accountsNamed = (email: string) => s.db.select().from(adminUsers).where(eq(adminUsers.email, email)).all();
const patchStaff = (id: string, body: unknown) => s.request(`/api/admin/staff/${id}`, { method: 'PATCH', json: body, ...as(s.admin) });

const CHANGES = [
  { change: 'deactivated', body: { isActive: false }, status: 401, message: english(STAFF_SIGN_IN) },
  { change: 'demoted to teacher', body: { role: 'teacher' }, status: 403, message: english(DIRECTOR_ONLY) },
] as const;

describe('a director changed while their request is still arriving', () => {
  it.each(CHANGES)('REST: POST /api/admin/staff from a director $change meanwhile is refused and creates nothing', async (c) => {
    const b = await staffMember();
    const email = `made.by.slow${++n}@example.com`;
    const slow = slowRequest(
      'POST',
      '/api/admin/staff',
      { cookie: b.cookie, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Nora New', email, role: 'director' }),
    );
    await sessionRead(b.sessionId);
    expect((await patchStaff(b.id, c.body)).status).toBe(200);
    const before = auditRows();
    const res = await slow.finish();
    expect(res.status, res.text).toBe(c.status);
    expect(JSON.parse(res.text)).toEqual({ message: c.message });
    expect(accountsNamed(email)).toEqual([]);
    expect(auditRows()).toBe(before);
  });

  it.each(CHANGES)('tRPC: staff.invite from a director $change meanwhile is refused and creates nothing', async (c) => {
    const b = await staffMember();
    const email = `made.by.slow${++n}@example.com`;
    const slow = slowRequest(
      'POST',
      '/api/trpc/staff.invite',
      { cookie: b.cookie, 'content-type': 'application/json' },
      JSON.stringify({ json: { name: 'Nora New', email, role: 'director' } }),
    );
    await sessionRead(b.sessionId);
    expect((await patchStaff(b.id, c.body)).status).toBe(200);
    const before = auditRows();
    const res = await slow.finish();
    expect(res.status, res.text).toBe(c.status);
    expect((JSON.parse(res.text) as { error: { json: { message: string } } }).error.json.message).toBe(c.message);
    expect(accountsNamed(email)).toEqual([]);
    expect(auditRows()).toBe(before);
  });

  it('the same slow request from a director still in place answers 201 (the refusal is the change, not the slowness)', async () => {
    const b = await staffMember();
    const email = `made.by.slow${++n}@example.com`;
    const slow = slowRequest(
      'POST',
      '/api/admin/staff',
      { cookie: b.cookie, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Nora New', email, role: 'teacher' }),
    );
    await sessionRead(b.sessionId);
    expect((await slow.finish()).status).toBe(201);
    expect(accountsNamed(email)).toHaveLength(1);
  });

  it('a gallery upload from a director deactivated while the picture arrives stores nothing', async () => {
    const b = await staffMember();
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slow.png');
    form.append('category', 'activities');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const pictures = () => s.request('/api/admin/pictures', as(s.admin)).then((r) => json<unknown[]>(r));
    const before = (await pictures()).length;
    const slow = slowRequest(
      'POST',
      '/api/admin/pictures',
      { cookie: b.cookie, 'content-type': encoded.headers.get('content-type')! },
      body,
    );
    await sessionRead(b.sessionId);
    expect((await patchStaff(b.id, { isActive: false })).status).toBe(200);
    const audit = auditRows();
    const res = await slow.finish();
    expect(res.status, res.text).toBe(401);
    expect(JSON.parse(res.text)).toEqual({ message: english(STAFF_SIGN_IN) });
    expect((await pictures()).length).toBe(before);
    expect(auditRows()).toBe(audit);
  });
});

describe('a parent closed while their upload is still arriving', () => {
  it('PUT /api/objects/upload/:token records no file for a parent deactivated meanwhile (401)', async () => {
    const { token, parentId } = await s.parentToken(`slow.parent${++n}@example.com`);
    const bearer = { authorization: `Bearer ${token}` };
    const url = await s.request('/api/objects/upload', { method: 'POST', headers: bearer }).then((r) => json<{ uploadURL: string }>(r));
    const files = () => s.db.select({ n: count() }).from(privateFiles).where(eq(privateFiles.ownerId, parentId)).get()!.n;
    const slow = slowRequest('PUT', new URL(url.uploadURL, s.url).pathname, { ...bearer, 'content-type': 'application/pdf' }, PDF);
    // The path claims its upload URL as soon as it knows who asks, before reading the file.
    await vi.waitFor(() => expect(s.db.select().from(uploadTokens).where(eq(uploadTokens.ownerId, parentId)).get()?.usedAt).toBeTruthy(), {
      timeout: 5000,
    });
    s.db.update(parentUsers).set({ isActive: false }).where(eq(parentUsers.id, parentId)).run();
    const res = await slow.finish();
    expect(res.status, res.text).toBe(401);
    expect(JSON.parse(res.text)).toEqual({ message: english(SIGN_IN) });
    expect(files()).toBe(0);
  });
});

describe('the check inside the write (a request that read its session long before it writes)', () => {
  /** The sign-in as a request read it, before anything below changed the account. */
  async function signedIn(role: 'director' | 'teacher' = 'director') {
    const m = await staffMember(role);
    return { ...m, auth: validateAdminToken(s.db, s.clock, m.token)! };
  }
  const event = (title: string) => ({ title, description: 'Checked', eventDate: '2026-12-04' });
  const eventsTitled = (title: string) => s.db.select().from(events).where(eq(events.title, title)).all();

  it('a procedure call (tRPC caller) by a director deactivated, demoted or signed out since is refused, and writes nothing', async () => {
    for (const [change, apply, code] of [
      ['deactivated', (id: string) => patchStaff(id, { isActive: false }), 'UNAUTHORIZED'],
      ['demoted', (id: string) => patchStaff(id, { role: 'teacher' }), 'FORBIDDEN'],
      [
        'signed out everywhere',
        (id: string) => Promise.resolve(s.db.delete(adminSessions).where(eq(adminSessions.adminId, id)).run()),
        'UNAUTHORIZED',
      ],
    ] as const) {
      const d = await signedIn();
      await apply(d.id);
      const title = `Refused ${change} ${++n}`;
      const before = auditRows();
      await expect(s.callerAs(d.auth).events.create(event(title)), change).rejects.toMatchObject({ code });
      expect(eventsTitled(title), change).toEqual([]);
      expect(auditRows(), change).toBe(before);
    }
  });

  it('a transaction or a single statement on the handle of a session ended since is refused before it writes', async () => {
    const d = await signedIn();
    const db = guardWrites(s.db, d.auth, 'director');
    const title = `Handle ${++n}`;
    // Still allowed: both kinds of write go through.
    db.insert(events)
      .values(event(`${title} a`))
      .run();
    db.transaction((tx) =>
      tx
        .insert(events)
        .values(event(`${title} b`))
        .run(),
    );
    expect(eventsTitled(`${title} a`)).toHaveLength(1);
    expect(eventsTitled(`${title} b`)).toHaveLength(1);

    s.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, d.id)).run();
    expect(() =>
      db
        .insert(events)
        .values(event(`${title} c`))
        .run(),
    ).toThrow(english(STAFF_SIGN_IN));
    expect(() =>
      db
        .update(events)
        .set({ description: 'changed' })
        .where(eq(events.title, `${title} a`))
        .run(),
    ).toThrow(english(STAFF_SIGN_IN));
    expect(() =>
      db
        .delete(events)
        .where(eq(events.title, `${title} b`))
        .run(),
    ).toThrow(english(STAFF_SIGN_IN));
    expect(() =>
      db.transaction((tx) =>
        tx
          .insert(events)
          .values(event(`${title} d`))
          .run(),
      ),
    ).toThrow(english(STAFF_SIGN_IN));
    await expect(async () => db.insert(events).values(event(`${title} e`))).rejects.toThrow(english(STAFF_SIGN_IN));
    expect(eventsTitled(`${title} c`)).toEqual([]);
    expect(eventsTitled(`${title} d`)).toEqual([]);
    expect(eventsTitled(`${title} e`)).toEqual([]);
    expect(eventsTitled(`${title} a`)[0]!.description).toBe('Checked');
    expect(eventsTitled(`${title} b`)).toHaveLength(1);
    // Reads are not writes: they still answer.
    expect(
      db
        .select()
        .from(events)
        .where(eq(events.title, `${title} a`))
        .all(),
    ).toHaveLength(1);
  });

  it('a teacher demoted from nothing keeps what a teacher may do; a director-only write of a demoted director is a 403', async () => {
    const t = await signedIn('teacher');
    expect(() => guardWrites(s.db, t.auth, 'staff').transaction(() => undefined)).not.toThrow();
    expect(() => guardWrites(s.db, t.auth, 'director').transaction(() => undefined)).toThrow(english(DIRECTOR_ONLY));
  });

  it('a parent whose account was closed since is refused with the parent’s sentence', async () => {
    const { token, parentId } = await s.parentToken(`closed.parent${++n}@example.com`);
    const auth = validateParentToken(s.db, s.clock, token) as Auth;
    s.db.update(parentUsers).set({ isActive: false }).where(eq(parentUsers.id, parentId)).run();
    await expect(s.callerAs(auth).parentPortal.updatePreferences({ dailySummary: false })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: english(SIGN_IN),
    });
  });
});
