/**
 * Daily sheets, photos of the day and the end-of-day e-mail: each kind's details as the
 * daily sheet records them, the group entry, each family seeing only its own child's day and photos (REST and tRPC), photo consent,
 * the photo pipeline (typed by bytes, EXIF stripped, private), and the summary e-mail sent once per child and day.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, auditLog, childPhotos, dailyEntries, dailySummaries, enrolledChildren, outboxMessages } from '../../db/schema';
import { closeDatabase, openDatabase } from '../../src/server/db';
import { queueDailySummaries } from '../../src/server/daily/summary-mail';
import { createMailer } from '../../src/server/services/mailer';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import type { RateLimit } from '../../src/server/services/rate-limit';
import { ONLY_IMAGES_MESSAGE } from '../../src/shared/schemas/gallery';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { checkedInEveryDay } from '../helpers/daily-fixtures';
import { english } from '../helpers/english';

const s = sharedAdminServer();
/** Friday 20 November 2026, 12:00 in Columbus (EST, UTC-5). */
const NOON = '2026-11-20T17:00:00Z';
const DAY = '2026-11-20';

let a: Family;
let b: Family;
let childA: string;
let siblingA: string;
let childB: string;

beforeAll(async () => {
  s.clock.set(NOON);
  a = await enrolFamily(s, 'daily.a@example.com', ['Amelia Ashdown', 'Archie Ashdown']);
  b = await enrolFamily(s, 'daily.b@example.com', ['Bruno Bell']);
  childA = a.children[0]!.id;
  siblingA = a.children[1]!.id;
  childB = b.children[0]!.id;
  // The sheet is for children who came (the check-in rule itself: daily-checked-in.test.ts): all three came on the
  // days these tests record.
  checkedInEveryDay(s, [childA, siblingA, childB], DAY, DAY);
  checkedInEveryDay(s, [childB], '2026-11-23', '2026-11-23');
  // Consent from the signed form (set by staff through the other helper's PATCH; here directly).
  for (const id of [childA, childB]) s.db.update(enrolledChildren).set({ photoConsent: true }).where(eq(enrolledChildren.id, id)).run();
});

/** Counts `n` writes against a staff account's rate, as consumeForAccount does for each request. */
function useUp(limit: RateLimit, email: string, n: number) {
  const id = s.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email)).get()!.id;
  for (let i = 0; i < n; i++) limit.counter.add(`admin:${id}`, s.clock.now().getTime());
}

const post = (path: string, body: unknown, cookie = s.admin) => s.request(path, { method: 'POST', json: body, ...as(cookie) });
const entries = () => s.count(dailyEntries);
const trpcQuery = (path: string, input: unknown, headers: Record<string, string>) =>
  s.request(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers });

describe('recording entries', () => {
  const at = '2026-11-20T16:30:00Z';
  it.each([
    ['meal', { meal: 'lunch', amount: 'most', food: 'Pasta' }],
    ['bottle', { ounces: 4.5 }],
    // A nap's time is its start (ADR 066): `at` sent with it must be the same moment.
    ['nap', { start: '2026-11-20T16:30:00Z', end: '2026-11-20T16:55:00Z' }],
    ['diaper', { type: 'bm' }],
    ['toilet', { result: 'attempt' }],
    ['mood', { mood: 'Happy and chatty' }],
    ['note', { text: 'Loved the sand table.' }],
  ])('a %s with its details is recorded, with its author and an audit row', async (kind, details) => {
    const before = s.count(auditLog);
    const res = await post('/api/admin/daily-entries', { childId: childA, kind, at, details });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<{ id: string; kind: string; by: string }>(res);
    expect(body).toMatchObject({ kind, by: 'Test Director' });
    const row = s.db.select().from(dailyEntries).where(eq(dailyEntries.id, body.id)).get()!;
    expect(row).toMatchObject({ childId: childA, kind, date: DAY });
    expect(s.count(auditLog)).toBe(before + 1);
    const audit = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(audit).toMatchObject({ action: 'create', entity: 'daily-entry', entityId: body.id });
  });

  it.each([
    ['an unknown kind', { kind: 'snack', details: {} }, 'Please choose the kind'],
    ['a meal that is not one of the five', { kind: 'meal', details: { meal: 'brunch', amount: 'all' } }, 'Please choose the meal'],
    ['a meal amount outside none/some/most/all', { kind: 'meal', details: { meal: 'lunch', amount: 'lots' } }, 'how much was eaten'],
    ['a bottle of no ounces', { kind: 'bottle', details: { ounces: 0 } }, 'The ounces must be more than 0'],
    ['a bottle with ounces as words', { kind: 'bottle', details: { ounces: 'four' } }, 'ounces as a number'],
    [
      'a nap that ends before it starts',
      { kind: 'nap', details: { start: '2026-11-20T16:00:00Z', end: '2026-11-20T15:00:00Z' } },
      'The nap must end after it starts',
    ],
    [
      'a nap that ends when it starts',
      { kind: 'nap', details: { start: '2026-11-20T16:00:00Z', end: '2026-11-20T16:00:00Z' } },
      'The nap must end after it starts',
    ],
    [
      'a nap of more than 4 hours',
      { kind: 'nap', details: { start: '2026-11-20T12:00:00Z', end: '2026-11-20T16:00:01Z' } },
      'A nap can be at most 4 hours',
    ],
    ['a nap without a start', { kind: 'nap', details: { end: '2026-11-20T16:00:00Z' } }, 'the nap started'],
    ['a diaper that is not wet, bm or dry', { kind: 'diaper', details: { type: 'soggy' } }, 'Please choose the diaper'],
    ['a toilet result other than success/attempt', { kind: 'toilet', details: { result: 'maybe' } }, 'Please choose the result'],
    ['a blank mood', { kind: 'mood', details: { mood: '  ' } }, 'Please describe the mood'],
    ['a note with hidden characters', { kind: 'note', details: { text: 'Hi\u202Ethere' } }, 'invisible'],
    ['details of another kind', { kind: 'diaper', details: { type: 'wet', ounces: 3 } }, 'A diaper has type'],
    ['a time that is not a date-time', { kind: 'diaper', at: 'noon', details: { type: 'wet' } }, 'ISO date-time'],
    ['a time in the future', { kind: 'diaper', at: '2026-11-20T18:00:00Z', details: { type: 'wet' } }, 'cannot be in the future'],
  ])('%s: 400 with a clear message, nothing written', async (_what, body, message) => {
    const before = entries();
    const res = await post('/api/admin/daily-entries', { childId: childA, ...body });
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toContain(message);
    expect(entries()).toBe(before);
  });

  it('a nap started now is ended later by any teacher of the room (PATCH), still at most 4 hours', async () => {
    const teacher = await s.adminCookie('room.teacher@example.com', 'teacher');
    const started = await json<{ id: string; at: string }>(
      await post('/api/admin/daily-entries', { childId: childA, kind: 'nap', details: { start: NOON, end: null } }),
    );
    expect(started.at).toBe(new Date(NOON).toISOString());
    s.clock.set('2026-11-20T18:15:00Z');
    const ended = await s.request(`/api/admin/daily-entries/${started.id}`, {
      method: 'PATCH',
      json: { details: { start: NOON, end: '2026-11-20T18:15:00Z' } },
      ...as(teacher),
    });
    expect(ended.status, await ended.clone().text()).toBe(200);
    expect(await json(ended)).toMatchObject({ kind: 'nap', details: { end: '2026-11-20T18:15:00.000Z' } });
    // The same entry made 5 hours long: refused, unchanged.
    s.clock.set('2026-11-20T22:00:00Z');
    const tooLong = await s.request(`/api/admin/daily-entries/${started.id}`, {
      method: 'PATCH',
      json: { details: { start: NOON, end: '2026-11-20T22:00:00Z' } },
      ...as(teacher),
    });
    expect(tooLong.status).toBe(400);
    expect((await json<{ message: string }>(tooLong)).message).toBe('A nap can be at most 4 hours');
    const row = s.db.select().from(dailyEntries).where(eq(dailyEntries.id, started.id)).get()!;
    expect(row.details.end).toBe('2026-11-20T18:15:00.000Z');
    s.clock.set(NOON);
  });

  it("PATCH checks the details against the entry's own kind, and DELETE removes it; an unknown id is 404", async () => {
    const { id } = await json<{ id: string }>(
      await post('/api/admin/daily-entries', { childId: childA, kind: 'diaper', details: { type: 'wet' } }),
    );
    const wrongKind = await s.request(`/api/admin/daily-entries/${id}`, {
      method: 'PATCH',
      json: { details: { meal: 'lunch', amount: 'all' } },
      ...as(s.admin),
    });
    expect(wrongKind.status).toBe(400);
    const patched = await s.request(`/api/admin/daily-entries/${id}`, {
      method: 'PATCH',
      json: { details: { type: 'dry' } },
      ...as(s.admin),
    });
    expect(await json(patched)).toMatchObject({ details: { type: 'dry' } });
    expect((await s.request(`/api/admin/daily-entries/${id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(200);
    expect((await s.request(`/api/admin/daily-entries/${id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(404);
    expect(
      (await s.request(`/api/admin/daily-entries/${id}`, { method: 'PATCH', json: { details: { type: 'dry' } }, ...as(s.admin) })).status,
    ).toBe(404);
  });

  it('an unknown child is 404, a parent 403, nobody 401', async () => {
    const body = { kind: 'diaper', details: { type: 'wet' } };
    expect((await post('/api/admin/daily-entries', { ...body, childId: 'no-such-child' })).status).toBe(404);
    const asParent = await s.request('/api/admin/daily-entries', {
      method: 'POST',
      json: { ...body, childId: childA },
      ...bearer(a.token),
    });
    expect(asParent.status).toBe(403);
    expect((await s.request('/api/admin/daily-entries', { method: 'POST', json: { ...body, childId: childA } })).status).toBe(401);
  });
});

describe('group entry', () => {
  it('one entry for several children ("lunch, all ate most"): a row each, one audit row naming them all', async () => {
    const teacher = await s.adminCookie('group.teacher@example.com', 'teacher');
    const before = { rows: entries(), audit: s.count(auditLog) };
    const res = await post(
      '/api/admin/daily-entries/batch',
      { childIds: [childA, siblingA, childB], kind: 'meal', at: '2026-11-20T16:45:00Z', details: { meal: 'lunch', amount: 'most' } },
      teacher,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json<{ count: number; items: { childId: string; details: unknown }[] }>(res);
    expect(body.count).toBe(3);
    expect(body.items.map((i) => i.childId).sort()).toEqual([childA, siblingA, childB].sort());
    expect(entries()).toBe(before.rows + 3);
    expect(s.count(auditLog)).toBe(before.audit + 1);
    const audit = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(audit.actorName).toBe('Test Teacher');
    expect(String(audit.fields.childIds)).toContain(childB);
  });

  it('refuses the whole group, writing nothing, when one child is unknown, named twice, or the details are wrong', async () => {
    const before = entries();
    const lunch = { kind: 'meal', details: { meal: 'lunch', amount: 'most' } };
    expect((await post('/api/admin/daily-entries/batch', { ...lunch, childIds: [childA, 'nobody'] })).status).toBe(404);
    const twice = await post('/api/admin/daily-entries/batch', { ...lunch, childIds: [childA, childA] });
    expect(twice.status).toBe(400);
    expect((await json<{ message: string }>(twice)).message).toBe('A child is named twice');
    expect((await post('/api/admin/daily-entries/batch', { ...lunch, childIds: [] })).status).toBe(400);
    const bad = await post('/api/admin/daily-entries/batch', {
      kind: 'meal',
      childIds: [childA],
      details: { meal: 'lunch', amount: 'heaps' },
    });
    expect(bad.status).toBe(400);
    expect(entries()).toBe(before);
  });
});

/** A phone-like photo: EXIF with the camera and a GPS position (as in the gallery's tests). */
const GPS_POINTER = Buffer.from([0x25, 0x88]);
const phonePhoto = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 57/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '82/1 59/1 0/1' },
    })
    .toBuffer();

function photoForm(bytes: Uint8Array, childIds: string[], caption = 'Sand castles', name = 'IMG_0042.JPG', type = 'image/jpeg') {
  const form = new FormData();
  form.append('picture', new Blob([bytes as BlobPart], { type }), name);
  for (const id of childIds) form.append('childIds[]', id);
  form.append('caption', caption);
  return form;
}
const uploadPhoto = (form: FormData, cookie = s.admin) =>
  s.request('/api/admin/child-photos', { method: 'POST', body: form, ...as(cookie) });

describe('photos of the day', () => {
  let photoId = '';

  it('tagging a child without photo consent is 400 naming the child, and nothing is stored', async () => {
    const before = s.count(childPhotos);
    const res = await uploadPhoto(photoForm(await phonePhoto(), [childA, siblingA]));
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toContain('Archie Ashdown cannot be tagged: no photo consent is on file');
    expect(s.count(childPhotos)).toBe(before);
    expect((await uploadPhoto(photoForm(await phonePhoto(), []))).status).toBe(400);
    expect((await uploadPhoto(photoForm(await phonePhoto(), ['nobody']))).status).toBe(404);
  });

  it('is typed by its bytes: a text file named .jpg is refused', async () => {
    const res = await uploadPhoto(photoForm(new TextEncoder().encode('not a picture at all'), [childA], 'x', 'fake.jpg'));
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe(english(ONLY_IMAGES_MESSAGE));
  });

  it('is re-encoded without EXIF or GPS, stored owner-only in the private folder, never under /uploads', async () => {
    const uploadsBefore = readdirSync(s.config.uploadsDir).length;
    const teacher = await s.adminCookie('photo.teacher@example.com', 'teacher');
    const res = await uploadPhoto(photoForm(await phonePhoto(), [childA, childB], 'Sand castles'), teacher);
    expect(res.status, await res.clone().text()).toBe(201);
    const photo = await json<{
      id: string;
      kind: string;
      childIds: string[];
      details: { url: string; originalUrl: string; caption: string };
    }>(res);
    photoId = photo.id;
    expect(photo).toMatchObject({ kind: 'photo', details: { caption: 'Sand castles', url: `/api/child-photos/${photoId}` } });
    expect(readdirSync(s.config.uploadsDir).length).toBe(uploadsBefore);
    const row = s.db.select().from(childPhotos).where(eq(childPhotos.id, photoId)).get()!;
    const path = join(s.config.privateDir, 'child-photos', row.storedName);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const stored = readFileSync(path);
    const meta = await sharp(stored).metadata();
    // The picture as uploaded: a JPEG stays a JPEG (ADR 084), its metadata gone.
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('TestCam')).toBe(false);
    expect(stored.includes(GPS_POINTER)).toBe(false);
    // Never in the public gallery.
    const gallery = await (await s.request('/api/gallery')).text();
    expect(gallery).not.toContain(photoId);
    expect(gallery).not.toContain('Sand castles');
  });

  it("is served to staff and to the tagged children's parents (no-store), the original as a download; anyone else 404 or 401", async () => {
    for (const headers of [as(s.admin).headers, bearer(a.token).headers, { cookie: b.cookie }]) {
      const res = await s.request(`/api/child-photos/${photoId}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const original = await s.request(`/api/child-photos/${photoId}/original`, bearer(a.token));
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="IMG_0042-2026-11-20\.jpg"$/);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).exif).toBeUndefined();
    expect((await s.request(`/api/child-photos/${photoId}`)).status).toBe(401);
    // A third family, whose child is not tagged: the same 404 as a photo that does not exist.
    const c = await enrolFamily(s, 'daily.c@example.com', ['Cora Cole']);
    const other = await s.request(`/api/child-photos/${photoId}/original`, bearer(c.token));
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('Sand castles');
    expect((await s.request(`/api/child-photos/00000000-0000-4000-8000-000000000000`, bearer(a.token))).status).toBe(404);
  });

  it("the parent pages their child's photos; another family's child is 404 over REST and tRPC", async () => {
    const page = await s.request(`/api/parent/children/${childA}/photos?limit=1`, bearer(a.token));
    expect(page.status).toBe(200);
    const items = await json<{ id: string }[]>(page);
    expect(items[0]!.id).toBe(photoId);
    expect((await s.request(`/api/parent/children/${siblingA}/photos`, bearer(a.token))).status).toBe(200);
    expect(await json(await s.request(`/api/parent/children/${siblingA}/photos`, bearer(a.token)))).toEqual([]);
    const c = await enrolFamily(s, 'daily.d@example.com', ['Dora Dale']);
    expect((await s.request(`/api/parent/children/${childA}/photos`, bearer(c.token))).status).toBe(404);
    expect((await trpcQuery('daily.parentPhotos', { childId: childA }, bearer(c.token).headers)).status).toBe(404);
    const own = await trpcQuery('daily.parentPhotos', { childId: childA }, bearer(a.token).headers);
    expect(own.status).toBe(200);
  });

  it('has a rate per staff account (429 with Retry-After)', async () => {
    const teacher = await s.adminCookie('busy.photographer@example.com', 'teacher');
    const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    expect((await uploadPhoto(photoForm(tiny, [childA], 'first', 'dot.png', 'image/png'), teacher)).status).toBe(201);
    // The other 29 of the 30 a teacher may upload in 10 minutes, counted as the server counts them.
    useUp(s.app.limits.childPhotos, 'busy.photographer@example.com', 29);
    const over = await uploadPhoto(photoForm(tiny, [childA], 'one more', 'dot.png', 'image/png'), teacher);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });
});

describe("the parent's day", () => {
  type Day = { childId: string; date: string; items: { kind: string; at: string; details: Record<string, unknown> }[] };

  it("answers the day's timeline newest first, entries and photos, only for the family's own child (REST and tRPC)", async () => {
    const res = await s.request(`/api/parent/daily-entries/${childA}?date=${DAY}`, bearer(a.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const day = await json<Day>(res);
    expect(day.date).toBe(DAY);
    const kinds = new Set(day.items.map((i) => i.kind));
    for (const k of ['meal', 'bottle', 'nap', 'diaper', 'toilet', 'mood', 'note', 'photo']) expect(kinds.has(k), k).toBe(true);
    const times = day.items.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // Family B sees its own child's lunch and photo, never family A's entries.
    const bDay = await json<Day>(await s.request(`/api/parent/daily-entries/${childB}?date=${DAY}`, bearer(b.token)));
    expect(bDay.items.map((i) => i.kind).sort()).toEqual(expect.arrayContaining(['meal', 'photo']));
    expect(JSON.stringify(bDay)).not.toContain('Loved the sand table');
    // Another family's child: 404 over REST and tRPC, naming nothing.
    const foreign = await s.request(`/api/parent/daily-entries/${childA}?date=${DAY}`, bearer(b.token));
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('Amelia');
    expect((await trpcQuery('daily.parentDay', { childId: childA, date: DAY }, bearer(b.token).headers)).status).toBe(404);
    const viaTrpc = await trpcQuery('daily.parentDay', { childId: childA, date: DAY }, bearer(a.token).headers);
    expect(viaTrpc.status).toBe(200);
    // Another day is empty; a date that is not one is 400.
    expect((await json<Day>(await s.request(`/api/parent/daily-entries/${childA}?date=2026-11-19`, bearer(a.token)))).items).toEqual([]);
    expect((await s.request(`/api/parent/daily-entries/${childA}?date=2026-13-01`, bearer(a.token))).status).toBe(400);
    // Staff use the staff paths: 403 here.
    expect((await s.request(`/api/parent/daily-entries/${childA}`, as(s.admin))).status).toBe(403);
  });

  it("without a date, it is today's in Columbus, and the dashboard's first answer carries it for the Today tab", async () => {
    const today = await json<Day>(await s.request(`/api/parent/daily-entries/${childA}`, bearer(a.token)));
    expect(today.date).toBe(DAY);
    const dash = await trpcQuery('parentPortal.dashboard', { childId: childA }, bearer(a.token).headers);
    const body = (await dash.json()) as { result: { data: { json: { today: { kind: string }[] } } } };
    expect(body.result.data.json.today.length).toBe(today.items.length);
  });
});

describe('end-of-day e-mail', () => {
  const summaries = (to: string) =>
    s.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, to))
      .all()
      .filter((m) => m.subject.includes('day at Little Buckeyes'));

  it('is sent once per child and day at closing time to parents who chose it, even when ticked twice or after a restart', async () => {
    const prefs = await s.request('/api/parent/preferences', { method: 'PATCH', json: { dailySummary: true }, ...bearer(a.token) });
    expect(prefs.status).toBe(200);
    const deps = () => ({ db: s.db, mailer: createMailer(s.config, s.db), clock: s.clock, config: s.config });
    // Before closing (5:29 PM in Columbus): nothing.
    s.clock.set('2026-11-20T22:29:00Z');
    expect(queueDailySummaries(deps())).toBe(0);
    // At closing: one e-mail for Amelia's day (Archie's day has nothing of his own but the group lunch: one for him too).
    s.clock.set('2026-11-20T22:31:00Z');
    expect(queueDailySummaries(deps())).toBe(2);
    expect(queueDailySummaries(deps())).toBe(0);
    await drainMailQueue(s.db);
    // A "restart": a second connection to the same database, with a mail queue of its own, ticks again.
    const restarted = openDatabase(s.config.databasePath);
    try {
      expect(queueDailySummaries({ db: restarted, mailer: createMailer(s.config, restarted), clock: s.clock, config: s.config })).toBe(0);
    } finally {
      closeDatabase(restarted);
    }
    const mails = summaries(a.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Amelia Ashdown's day at Little Buckeyes: Friday, November 20",
      "Archie Ashdown's day at Little Buckeyes: Friday, November 20",
    ]);
    const amelia = mails.find((m) => m.subject.startsWith('Amelia'))!.textBody;
    expect(amelia).toContain('Lunch. Ate most: Pasta');
    expect(amelia).toContain('Diaper. BM');
    expect(amelia).toMatch(/photos of the day are waiting in the Parent Portal/);
    expect(
      s.db
        .select()
        .from(dailySummaries)
        .where(and(eq(dailySummaries.childId, childA), eq(dailySummaries.date, DAY)))
        .all(),
    ).toHaveLength(1);
    // Family B did not choose it.
    expect(summaries(b.email)).toHaveLength(0);
  });

  it('catches up after a restart: a day whose closing time passed while the server was stopped is sent the next morning', async () => {
    // Monday 23 November: Bruno has a diaper; family B opts in; the server was down at closing, back Tuesday 8 AM.
    s.clock.set('2026-11-23T15:00:00Z');
    const director = await s.adminCookie('monday.director@example.com');
    expect((await post('/api/admin/daily-entries', { childId: childB, kind: 'diaper', details: { type: 'wet' } }, director)).status).toBe(
      201,
    );
    const token = (
      await json<{ token: string }>(
        await s.request('/api/parent/login', { method: 'POST', json: { email: b.email, password: b.password } }),
      )
    ).token;
    expect((await s.request('/api/parent/preferences', { method: 'PATCH', json: { dailySummary: true }, ...bearer(token) })).status).toBe(
      200,
    );
    s.clock.set('2026-11-24T13:00:00Z');
    const restarted = openDatabase(s.config.databasePath);
    try {
      const deps = { db: restarted, mailer: createMailer(s.config, restarted), clock: s.clock, config: s.config };
      expect(queueDailySummaries(deps)).toBe(1);
      await drainMailQueue(restarted);
    } finally {
      closeDatabase(restarted);
    }
    expect(summaries(b.email).map((m) => m.subject)).toEqual(["Bruno Bell's day at Little Buckeyes: Monday, November 23"]);
    s.clock.set(NOON);
  });
});

describe('rates', () => {
  it('daily entries have a rate per staff account (429 with Retry-After), and nothing is written past it', async () => {
    const teacher = await s.adminCookie('speedy.teacher@example.com', 'teacher');
    const body = { childIds: [childA], kind: 'diaper', details: { type: 'dry' } };
    expect((await post('/api/admin/daily-entries/batch', body, teacher)).status).toBe(201);
    useUp(s.app.limits.dailyEntries, 'speedy.teacher@example.com', 299);
    const before = entries();
    const over = await post('/api/admin/daily-entries', { childId: childA, kind: 'diaper', details: { type: 'dry' } }, teacher);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(entries()).toBe(before);
  });
});
