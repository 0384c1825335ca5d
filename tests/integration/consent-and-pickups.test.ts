/**
 * The photo consent's record and the authorized pickups' screens' rules (ADR 073): a director records consent
 * with its date and the parent who gave it, audited without the parent's name; a child is tagged in a photo only
 * with consent; staff add, change and remove pickups with a note; a parent adds and removes people on their own
 * child's list over tRPC and REST (another family's child or pickup: 404; staff: 403), sees who added each and
 * never the staff note; and a teacher checks a child out to a person a parent added, with no override.
 */
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog, authorizedPickups, childPhotos, enrolledChildren } from '../../db/schema';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { callProcedure } from '../helpers/authz-fixtures';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';

const s = sharedAdminServer(() => ({ env: { TRUST_PROXY: 'true' } }));
let teacher = '';
let a: Family;
let b: Family;
beforeAll(async () => {
  teacher = await s.adminCookie('consent.teacher@example.com', 'teacher');
  a = await enrolFamily(s, 'consent.a@example.com', ['Amelia Alvarez'], [{ parentName: 'Anna Alvarez' }]);
  b = await enrolFamily(s, 'consent.b@example.com', ['Bruno Bell'], [{ parentName: 'Bea Bell' }]);
});

let ip = 0;
/** Each call from its own address, so the per-address limits never mix with the rules under test. */
const send = (path: string, method: string, headers: Record<string, string>, body?: unknown) =>
  s.request(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
    headers: { ...headers, 'x-forwarded-for': `10.73.${(++ip >> 8) & 255}.${ip & 255}` },
  });
const staffCall = (path: string, method: string, body?: unknown, cookie = s.admin) => send(path, method, as(cookie).headers, body);
const parentCall = (token: string, path: string, method: string, body?: unknown) => send(path, method, bearer(token).headers, body);
const lastAudit = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
const childRow = (id: string) => s.db.select().from(enrolledChildren).where(eq(enrolledChildren.id, id)).get()!;
const directorName = () =>
  s.db.select({ name: adminUsers.name }).from(adminUsers).where(eq(adminUsers.email, 'director@example.com')).get()!.name;

describe('photo consent', () => {
  it('a director records consent with its date and the parent who gave it; the audit row keeps the yes and the date only', async () => {
    const child = await addChild(s, { parentName: 'Carla Cruz' });
    const path = `/api/admin/enrolled-children/${child.id}`;
    const res = await staffCall(path, 'PATCH', { photoConsent: true, photoConsentDate: '2026-11-18', photoConsentGivenBy: 'Carla Cruz' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json(res)).toMatchObject({
      photoConsent: true,
      photoConsentDate: '2026-11-18',
      photoConsentGivenBy: 'Carla Cruz',
      photoConsentRecordedByName: directorName(),
    });
    expect(childRow(child.id)).toMatchObject({
      photoConsent: true,
      photoConsentDate: '2026-11-18',
      photoConsentGivenBy: 'Carla Cruz',
      photoConsentRecordedAt: s.clock.now(),
    });
    const row = lastAudit();
    expect(row).toMatchObject({ entity: 'child', action: 'update', entityId: child.id, actorName: directorName() });
    expect(row.fields).toEqual({ photoConsent: true, photoConsentDate: '2026-11-18', photoConsentGivenBy: 'changed' });
    expect(JSON.stringify(row)).not.toContain('Carla');

    // The Enrolled tab's list carries the record to the child's card.
    const list = await json<{ id: string; photoConsentGivenBy: string | null }[]>(await staffCall('/api/admin/enrolled-children', 'GET'));
    expect(list.find((c) => c.id === child.id)).toMatchObject({ photoConsentGivenBy: 'Carla Cruz', photoConsentDate: '2026-11-18' });

    // Withdrawn: today's date by default, the parent who gave it no longer named, a row of its own.
    const withdrawn = await staffCall(path, 'PATCH', { photoConsent: false });
    expect(await json(withdrawn)).toMatchObject({ photoConsent: false, photoConsentDate: '2026-11-21', photoConsentGivenBy: null });
    expect(lastAudit().fields).toMatchObject({ photoConsent: false, photoConsentDate: '2026-11-21' });
  });

  it('a date after today is 400 and a teacher is 403; neither changes the record nor writes a row', async () => {
    const child = await addChild(s);
    const path = `/api/admin/enrolled-children/${child.id}`;
    const rows = s.count(auditLog);
    const future = await staffCall(path, 'PATCH', { photoConsent: true, photoConsentDate: '2026-11-22' });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain('The consent date cannot be in the future');
    expect((await staffCall(path, 'PATCH', { photoConsent: true, photoConsentDate: '2026-02-30' })).status).toBe(400);
    expect((await staffCall(path, 'PATCH', { photoConsent: true }, teacher)).status).toBe(403);
    expect(childRow(child.id)).toMatchObject({ photoConsent: false, photoConsentDate: null, photoConsentRecordedAt: null });
    expect(s.count(auditLog)).toBe(rows);
  });

  it('a child is tagged in a photo only once consent is recorded', async () => {
    const child = await addChild(s, { childName: 'Tess Tagg' });
    const upload = async () => {
      const form = new FormData();
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#88aa44' } })
        .jpeg()
        .toBuffer();
      form.append('picture', new Blob([bytes as BlobPart], { type: 'image/jpeg' }), 'IMG_1.JPG');
      form.append('childIds[]', child.id);
      form.append('caption', 'Leaves');
      return s.request('/api/admin/child-photos', { method: 'POST', body: form, ...as(teacher) });
    };
    const photos = s.count(childPhotos);
    const refused = await upload();
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Tess Tagg cannot be tagged: no photo consent is on file');
    expect(s.count(childPhotos)).toBe(photos);

    const consent = await staffCall(`/api/admin/enrolled-children/${child.id}`, 'PATCH', {
      photoConsent: true,
      photoConsentGivenBy: 'Tom Tagg',
    });
    expect(consent.status).toBe(200);
    expect((await upload()).status).toBe(201);
    expect(s.count(childPhotos)).toBe(photos + 1);
  });
});

describe('authorized pickups: staff', () => {
  it('staff add a person with a note, change them and remove them; each write one audit row with no free text', async () => {
    const child = await addChild(s);
    const path = `/api/admin/enrolled-children/${child.id}/pickups`;
    const added = await staffCall(
      path,
      'POST',
      { name: 'Gloria Grand', relationship: 'Grandmother', phone: '6145550123', note: 'ID checked' },
      teacher,
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const pickup = await json<{ id: string }>(added);
    expect(lastAudit()).toMatchObject({
      entity: 'pickup',
      action: 'create',
      entityId: pickup.id,
      fields: { childId: child.id, note: 'changed' },
    });

    const changed = await staffCall(`${path}/${pickup.id}`, 'PATCH', { phone: '(614) 555-0124', note: 'ID checked, photo on file' });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await json(changed)).toMatchObject({
      id: pickup.id,
      name: 'Gloria Grand',
      phone: '(614) 555-0124',
      note: 'ID checked, photo on file',
      addedByKind: 'staff',
      updatedByName: directorName(),
    });
    const row = lastAudit();
    expect(row).toMatchObject({ entity: 'pickup', action: 'update', entityId: pickup.id });
    expect(row.fields).toEqual({ childId: child.id, phone: 'changed', note: 'changed' });
    // The phone as typed or as stored; not a bare '555', which a row's hex hash or ids may hold by chance.
    expect(JSON.stringify(row)).not.toMatch(/Gloria|\(614\)|5550124|ID checked/);

    const other = await addChild(s);
    const rows = s.count(auditLog);
    expect((await staffCall(`${path}/${pickup.id}`, 'PATCH', {})).status).toBe(400);
    expect((await staffCall(`${path}/${pickup.id}`, 'PATCH', { phone: 'call me' })).status).toBe(400);
    expect((await staffCall(`${path}/${pickup.id}`, 'PATCH', { name: 'X\u202Ey' })).status).toBe(400);
    expect((await staffCall(`${path}/${pickup.id}`, 'PATCH', { addedBy: 'Someone' })).status).toBe(400);
    // Another child's path with this pickup's id: 404, nothing changed.
    expect((await staffCall(`/api/admin/enrolled-children/${other.id}/pickups/${pickup.id}`, 'PATCH', { note: 'x' })).status).toBe(404);
    expect((await send(`${path}/${pickup.id}`, 'PATCH', {}, { note: 'x' })).status).toBe(401);
    expect(s.count(auditLog)).toBe(rows);

    expect((await staffCall(`${path}/${pickup.id}`, 'DELETE', undefined, teacher)).status).toBe(200);
    expect(lastAudit()).toMatchObject({ entity: 'pickup', action: 'delete', entityId: pickup.id });
    expect(await json(await staffCall(path, 'GET', undefined, teacher))).toEqual([]);
  });

  it('a teacher checks a child out to a person on the list with no override', async () => {
    const child = await addChild(s, { parentName: 'Dana Diaz' });
    await staffCall(`/api/admin/enrolled-children/${child.id}/pickups`, 'POST', {
      name: 'Rosa Diaz',
      relationship: 'Grandmother',
      phone: '614-555-0140',
    });
    expect((await staffCall('/api/admin/attendance', 'POST', { childId: child.id, kind: 'in', by: 'Dana Diaz' }, teacher)).status).toBe(
      201,
    );
    const out = await staffCall('/api/admin/attendance', 'POST', { childId: child.id, kind: 'out', by: 'Rosa Diaz' }, teacher);
    expect(out.status, await out.clone().text()).toBe(201);
    expect(await json(out)).toMatchObject({ kind: 'out', by: 'Rosa Diaz', override: false });
  });
});

describe('authorized pickups: parents', () => {
  it('a parent adds a person over REST, usable at once and shown with its author; the centre sees who and when', async () => {
    const childId = a.children[0]!.id;
    const mine = `/api/parent/children/${childId}/pickups`;
    const added = await parentCall(a.token, mine, 'POST', { name: 'Gabriela Alvarez', relationship: 'Abuela', phone: '614 555 0150' });
    expect(added.status, await added.clone().text()).toBe(201);
    const person = await json<{ id: string }>(added);
    expect(person).toMatchObject({ name: 'Gabriela Alvarez', addedByKind: 'parent', addedBy: 'Anna Alvarez' });
    expect(lastAudit()).toMatchObject({ entity: 'pickup', action: 'create', actorName: 'Anna Alvarez' });

    // Staff add one with a note: the family sees "the centre" as its author, never the note.
    await staffCall(`/api/admin/enrolled-children/${childId}/pickups`, 'POST', {
      name: 'Tio Alvarez',
      relationship: 'Uncle',
      phone: '6145550151',
      note: 'ID checked',
    });
    const list = await parentCall(a.token, mine, 'GET');
    expect(list.headers.get('cache-control')).toMatch(/no-store/);
    const family = await json<Record<string, unknown>[]>(list);
    // Both at the same (fake) moment: compared by name.
    expect(family.map((p) => [p.name, p.addedByKind, p.addedBy]).sort()).toEqual([
      ['Gabriela Alvarez', 'parent', 'Anna Alvarez'],
      ['Tio Alvarez', 'staff', null],
    ]);
    expect(JSON.stringify(family)).not.toContain('ID checked');

    const staffView = await json<Record<string, unknown>[]>(
      await staffCall(`/api/admin/enrolled-children/${childId}/pickups`, 'GET', undefined, teacher),
    );
    expect(staffView.find((p) => p.id === person.id)).toMatchObject({
      addedBy: 'Anna Alvarez',
      addedByKind: 'parent',
      createdAt: s.clock.now().toISOString(),
    });

    // At once: the teacher checks her out to the person the parent added, no override.
    await staffCall('/api/admin/attendance', 'POST', { childId, kind: 'in', by: 'Anna Alvarez' }, teacher);
    const out = await staffCall('/api/admin/attendance', 'POST', { childId, kind: 'out', by: 'Gabriela Alvarez' }, teacher);
    expect(out.status, await out.clone().text()).toBe(201);
    expect(await json(out)).toMatchObject({ override: false });

    // Removed by the parent over REST: gone from both lists, one audit row naming the parent.
    const removed = await parentCall(a.token, `${mine}/${person.id}`, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.headers.get('cache-control')).toMatch(/no-store/);
    expect(lastAudit()).toMatchObject({ entity: 'pickup', action: 'delete', entityId: person.id, actorName: 'Anna Alvarez' });
    expect(s.db.select().from(authorizedPickups).where(eq(authorizedPickups.id, person.id)).get()).toBeUndefined();
    expect((await parentCall(a.token, `${mine}/${person.id}`, 'DELETE')).status).toBe(404);
  });

  it('over tRPC too; another family gets 404 for the child and for its pickup, staff get 403, and nothing changes', async () => {
    const childId = a.children[0]!.id;
    const viaTrpc = await callProcedure(
      s,
      'attendance.parentAddPickup',
      'mutation',
      { childId, name: 'Marta Alvarez', relationship: 'Aunt', phone: '6145550160' },
      bearer(a.token).headers,
    );
    expect(viaTrpc.status, await viaTrpc.clone().text()).toBe(200);
    const id = s.db.select().from(authorizedPickups).where(eq(authorizedPickups.name, 'Marta Alvarez')).get()!.id;

    const rows = s.count(auditLog);
    const before = s.count(authorizedPickups);
    // Family B: family A's child over both, and family A's pickup under family B's own child.
    expect((await parentCall(b.token, `/api/parent/children/${childId}/pickups/${id}`, 'DELETE')).status).toBe(404);
    expect((await parentCall(b.token, `/api/parent/children/${b.children[0]!.id}/pickups/${id}`, 'DELETE')).status).toBe(404);
    const trpcOther = await callProcedure(s, 'attendance.parentDeletePickup', 'mutation', { childId, id }, bearer(b.token).headers);
    expect(trpcOther.status).toBe(404);
    expect(await trpcOther.text()).not.toContain('Marta');
    // Staff use their own paths: the parent's answers them 403.
    expect((await staffCall(`/api/parent/children/${childId}/pickups/${id}`, 'DELETE', undefined, teacher)).status).toBe(403);
    expect((await callProcedure(s, 'attendance.parentDeletePickup', 'mutation', { childId, id }, as(s.admin).headers)).status).toBe(403);
    // A parent cannot reach the staff paths (nor write a staff note).
    expect((await parentCall(a.token, `/api/admin/enrolled-children/${childId}/pickups/${id}`, 'PATCH', { note: 'x' })).status).toBe(403);
    expect(
      (
        await parentCall(a.token, `/api/parent/children/${childId}/pickups`, 'POST', {
          name: 'N',
          relationship: 'R',
          phone: '6145550161',
          note: 'x',
        })
      ).status,
    ).toBe(400);
    expect(s.count(authorizedPickups)).toBe(before);
    expect(s.count(auditLog)).toBe(rows);

    const removed = await callProcedure(s, 'attendance.parentDeletePickup', 'mutation', { childId, id }, bearer(a.token).headers);
    expect(removed.status).toBe(200);
    expect(s.count(authorizedPickups)).toBe(before - 1);
  });

  it('a removal from another address without the origin header is refused (CSRF) and changes nothing', async () => {
    const childId = a.children[0]!.id;
    const added = await parentCall(a.token, `/api/parent/children/${childId}/pickups`, 'POST', {
      name: 'Cross Site',
      relationship: 'Friend',
      phone: '6145550170',
    });
    const { id } = await json<{ id: string }>(added);
    const res = await s.request(`/api/parent/children/${childId}/pickups/${id}`, {
      method: 'DELETE',
      headers: { ...bearer(a.token).headers, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(s.db.select().from(authorizedPickups).where(eq(authorizedPickups.id, id)).get()).toBeDefined();
  });
});
