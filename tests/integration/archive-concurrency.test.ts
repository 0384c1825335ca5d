/**
 * Archives and PDFs built at once (ADR 068): a few in slots, a few more waiting in a short queue, at most a share
 * of them per account; beyond that a 429 with Retry-After and a sentence, which changes nothing (no rate point, no
 * audit row, nobody's place). A queued build completes once a slot is free. While a build is in progress the event
 * loop turns between the record's entries and between the files, so a public GET is answered in between.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { adminUsers, auditLog, childPhotos, childPhotoTags, dailyActivities } from '../../db/schema';
import { childRecordPdf, ENTRIES_PER_TURN, type RecordForPdf } from '../../src/server/exports/child-record-pdf';
import { BUILD_QUEUE, BUILD_SHARE, BUILD_SLOTS, BUSY_MESSAGE } from '../../src/server/services/rate-limit';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily } from '../helpers/parent-fixtures';
import { english } from '../helpers/english';

/** Turns of the event loop while `work` runs: a callback that puts itself back at the end of each turn. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let counting = true;
  const tick = () => {
    if (!counting) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    counting = false;
  }
}

describe('archives and PDFs built at once', () => {
  const s = sharedAdminServer();
  const archiveOf = (cookie: string, childId: string, signal?: AbortSignal) =>
    s.request(`/api/admin/enrolled-children/${childId}/archive.zip`, { ...as(cookie), signal });

  /** A photo of the day of `childId` whose file is large: its archive cannot be sent whole before someone reads it. */
  function largePhoto(childId: string) {
    const storedName = `${randomUUID()}.webp`;
    const dir = join(s.config.privateDir, 'child-photos');
    mkdirSync(dir, { recursive: true });
    const bytes = randomBytes(24 * 1024 * 1024);
    writeFileSync(join(dir, storedName), bytes);
    const takenAt = new Date('2026-11-02T15:00:00Z');
    const photo = s.db
      .insert(childPhotos)
      .values({
        storedName,
        originalName: 'garden.jpg',
        mimeType: 'image/webp',
        size: bytes.length,
        width: 4000,
        height: 3000,
        takenAt,
        date: '2026-11-02',
      })
      .returning()
      .get();
    s.db.insert(childPhotoTags).values({ photoId: photo.id, childId, takenAt, date: '2026-11-02' }).run();
  }

  it('builds a few at once and queues a few; beyond them a 429 with Retry-After that changes nothing; the queued ones complete', async () => {
    expect(BUILD_SHARE).toBeLessThan(BUILD_SLOTS);
    const gate = s.app.limits.builds;
    const large = await enrolFamily(s, 'gate.large@example.com', ['Lars Large']);
    const largeId = large.children[0]!.id;
    largePhoto(largeId);
    const small = await enrolFamily(s, 'gate.small@example.com', ['Sal Small']);
    const smallId = small.children[0]!.id;
    const receipt = await json<{ id: string }>(
      await s.request('/api/admin/payment-receipts', {
        method: 'POST',
        json: {
          childId: smallId,
          parentName: 'Sal Parent',
          parentEmail: small.email,
          amount: '300.00',
          paymentMethod: 'cash',
          paymentDate: '2026-11-02',
          paymentType: 'tuition',
        },
        ...as(s.admin),
      }),
    );
    const directors = await Promise.all([0, 1, 2, 3, 4].map((i) => s.adminCookie(`gate.director${i}@example.com`)));
    const directorId = (i: number) =>
      s.db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.email, `gate.director${i}@example.com`))
        .get()!.id;
    const refused = async (res: Response) => {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { message: string }).message).toBe(english(BUSY_MESSAGE));
    };

    // One director's two downloads hold two slots (their ZIPs are large, and nobody reads them yet).
    const holding = [await archiveOf(directors[0]!, largeId), await archiveOf(directors[0]!, largeId)];
    expect(holding.map((r) => r.status)).toEqual([200, 200]);
    expect(gate.load).toEqual({ running: 2, waiting: 0, accounts: 1 });
    // Their share is taken: a third is refused though a slot is free, and another director has that slot.
    await refused(await archiveOf(directors[0]!, largeId));
    holding.push(await archiveOf(directors[1]!, largeId));
    expect(holding[2]!.status).toBe(200);
    expect(gate.load).toEqual({ running: BUILD_SLOTS, waiting: 0, accounts: 2 });

    // Six more wait their turn (no answer yet), each account within its share; the last one is given up.
    const queued = [
      archiveOf(directors[1]!, smallId),
      archiveOf(directors[2]!, smallId),
      archiveOf(directors[2]!, smallId),
      archiveOf(directors[3]!, smallId),
      archiveOf(directors[3]!, smallId),
    ];
    const givenUp = new AbortController();
    const leaving = archiveOf(directors[4]!, smallId, givenUp.signal).catch((err: Error) => err.name);
    await vi.waitFor(() => expect(gate.load).toEqual({ running: BUILD_SLOTS, waiting: BUILD_QUEUE, accounts: 5 }));
    await refused(await archiveOf(directors[4]!, smallId));
    // A download given up while it waits gives its place back at once, and nothing is built or recorded for it.
    const auditRows = s.count(auditLog);
    givenUp.abort();
    expect(await leaving).toBe('AbortError');
    await vi.waitFor(() => expect(gate.load).toEqual({ running: BUILD_SLOTS, waiting: BUILD_QUEUE - 1, accounts: 4 }));
    queued.push(archiveOf(directors[4]!, smallId));
    await vi.waitFor(() => expect(gate.load).toEqual({ running: BUILD_SLOTS, waiting: BUILD_QUEUE, accounts: 5 }));

    // Beyond the slots and the queue: a director's archive, a parent's archive and a parent's receipt PDF are
    // refused, and nothing changes: no audit row, no rate point spent, nobody's place taken.
    const now = s.clock.now().getTime();
    const archivePoints = s.app.limits.archives.admin.counter.count(`admin:${directorId(4)}`, now);
    expect(archivePoints).toBe(2);
    await refused(await archiveOf(directors[4]!, smallId));
    await refused(await s.request(`/api/parent/children/${smallId}/archive.zip`, bearer(small.token)));
    await refused(await s.request(`/api/parent/payment-receipts/${receipt.id}/pdf`, bearer(small.token)));
    expect(s.count(auditLog)).toBe(auditRows);
    expect(s.app.limits.archives.admin.counter.count(`admin:${directorId(4)}`, now)).toBe(archivePoints);
    expect(s.app.limits.archives.parent.counter.count(`parent:${small.parentId}`, now)).toBe(0);
    expect(s.app.limits.pdfs.parent.counter.count(`parent:${small.parentId}`, now)).toBe(0);
    expect(gate.load).toEqual({ running: BUILD_SLOTS, waiting: BUILD_QUEUE, accounts: 5 });

    // The three large downloads are cancelled: their slots come back, and every queued archive is built and sent whole.
    await Promise.all(holding.map((r) => r.body!.cancel()));
    for (const res of await Promise.all(queued)) {
      expect(res.status).toBe(200);
      const zip = Buffer.from(await res.arrayBuffer());
      expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      expect(zip.includes('Record of Sal Small.pdf')).toBe(true);
      // The end of the central directory: the archive is complete.
      expect(zip.subarray(-22, -18).toString('latin1')).toBe('PK\u0005\u0006');
    }
    await vi.waitFor(() => expect(gate.load).toEqual({ running: 0, waiting: 0, accounts: 0 }));
    expect(s.count(auditLog)).toBe(auditRows + BUILD_QUEUE);

    // With places free again, the parent's receipt PDF is drawn.
    const pdf = await s.request(`/api/parent/payment-receipts/${receipt.id}/pdf`, bearer(small.token));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('draws a long record a few entries a turn: the event loop turns between them', async () => {
    const activities = Array.from({ length: 200 }, (_, i) => ({
      activityDate: '2026-11-02',
      category: 'art',
      title: `Painting ${i}`,
      description: 'Painted with sponges and talked about the colours they chose',
      duration: 30,
      skillsPracticed: ['colours'],
      notes: null,
      authorName: 'Ms. Lee',
    }));
    const record: RecordForPdf = {
      childName: 'Tess Turns',
      dateOfBirth: '2023-02-10',
      program: 'preschool',
      startDate: '2025-09-01',
      isActive: true,
      madeOn: '2026-11-21',
      activities,
      notes: [],
      milestones: [],
      attendance: { first: null, last: null, days: 0, hours: '0.00', months: [] },
    };
    const { turns, value } = await turnsDuring(() => childRecordPdf(record));
    expect(value.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(turns).toBeGreaterThanOrEqual(activities.length / ENTRIES_PER_TURN);
  });

  it('answers a public GET while an archive is being built', async () => {
    const family = await enrolFamily(s, 'gate.long@example.com', ['Lola Long']);
    const childId = family.children[0]!.id;
    s.db
      .insert(dailyActivities)
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          childId,
          activityDate: '2026-10-01',
          category: 'art',
          title: `Collage ${i}`,
          description: 'Cut and glued paper shapes into a picture of the garden, and told the group about it',
        })),
      )
      .run();
    const { turns, value: order } = await turnsDuring(async () => {
      const res = await archiveOf(s.admin, childId);
      expect(res.status).toBe(200);
      const done: string[] = [];
      const archive = res.arrayBuffer().then(() => done.push('archive'));
      // Sent once the archive has started; answered while its record is still being drawn.
      const get = s.request('/api/events').then((r) => done.push(`GET ${r.status}`));
      await Promise.all([archive, get]);
      return done;
    });
    expect(order).toEqual(['GET 200', 'archive']);
    expect(turns).toBeGreaterThanOrEqual(400 / ENTRIES_PER_TURN);
  });
});
