/**
 * A family's archive: GET /api/parent/children/{id}/archive.zip opened with yauzl: the record PDF's
 * text (activities, notes that are not private, milestones achieved, the attendance summary by month), the
 * photos of the day that tag the child (and no other child's), the family's documents and receipts,
 * names that are safe and unique; another family's child is a 404; no-store; rated. Staff make the same archive
 * (a download of their own, and a link e-mailed to the parent that works signed in, or alone once the account
 * is closed, and not for anyone else).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  attendanceEvents,
  auditLog,
  childPhotos,
  documentRequests,
  enrolledChildren,
  milestones,
  outboxMessages,
  parentChildRelationships,
  privateFiles,
} from '../../db/schema';
import { archiveLinkToken } from '../../src/server/exports/archive-links';
import { safeName } from '../../src/server/exports/family-archive';
import { PDF } from '../helpers/authz-fixtures';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { pdfText } from '../helpers/pdf';
import { MILESTONES_ES } from '../../src/shared/i18n/milestones-es';

/** Every entry of a ZIP: its name and bytes. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, z) => (err ? fail(err) : ok(z!))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((ok, fail) => {
    zip.on('error', fail);
    zip.on('end', ok);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        stream!.on('data', (c: Buffer) => chunks.push(c));
        stream!.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

describe('family archive', () => {
  const s = sharedAdminServer();
  const admin = (path: string, body: unknown, method = 'POST') => s.request(path, { method, json: body, ...as(s.admin) });
  const ok = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return json(res);
  };

  /** A family with a record of every kind, two documents (one with a hostile name) and two receipts; a private note. */
  async function familyWithRecord(email: string, name: string): Promise<Family & { childId: string }> {
    const family = await enrolFamily(s, email, [name]);
    const childId = family.children[0]!.id;
    await ok(
      await admin('/api/admin/daily-activities', {
        childId,
        activityDate: '2026-11-02',
        category: 'creative',
        title: 'Leaf printing',
        description: 'Printed autumn leaves with paint',
        skillsPracticed: 'fine motor, colours',
      }),
    );
    await ok(
      await admin('/api/admin/development-notes', {
        childId,
        category: 'language',
        title: 'New words',
        content: 'Names every colour in the room',
        isPrivate: false,
      }),
    );
    await ok(
      await admin('/api/admin/development-notes', {
        childId,
        category: 'social',
        title: 'Staff-only observation',
        content: 'Private concern for the director',
        isPrivate: true,
      }),
    );
    const milestone = s.db.select({ id: milestones.id, name: milestones.name }).from(milestones).limit(1).get()!;
    await ok(await admin('/api/admin/child-achievements', { childId, milestoneId: milestone.id, achievedAt: '2026-11-03' }));
    for (const [paymentDate, amount] of [
      ['2026-10-01', '410.00'],
      ['2026-11-01', '420.00'],
    ])
      await ok(
        await admin('/api/admin/payment-receipts', {
          childId,
          parentName: 'Family Parent',
          parentEmail: email,
          amount,
          paymentMethod: 'cash',
          paymentDate,
          paymentType: 'tuition',
        }),
      );
    // Two documents answered by the parent; their stored names are made hostile afterwards (an older version's data).
    for (const hostile of ['../../etc/passwd\u0007.pdf', '../../etc/passwd\u0007.pdf']) {
      const request = (await ok(
        await admin('/api/admin/document-requests', { childId, documentType: 'immunization', title: 'Shots', description: 'Please send' }),
      )) as { id: string };
      const upload = (await ok(await s.request('/api/objects/upload', { method: 'POST', ...bearer(family.token) }))) as {
        uploadURL: string;
      };
      const put = await s.request(upload.uploadURL, {
        method: 'PUT',
        body: PDF,
        headers: { 'content-type': 'application/pdf', ...bearer(family.token).headers },
      });
      expect(put.status).toBe(201);
      await ok(
        await s.request(`/api/parent/document-requests/${request.id}/respond`, {
          method: 'POST',
          json: { documentUrl: upload.uploadURL, documentName: 'Immunization record' },
          ...bearer(family.token),
        }),
      );
      const answered = s.db
        .select({ url: documentRequests.responseDocumentUrl })
        .from(documentRequests)
        .where(eq(documentRequests.id, request.id))
        .get()!;
      const fileId = answered.url!.split('/').at(-1)!;
      s.db.update(privateFiles).set({ originalName: hostile }).where(eq(privateFiles.id, fileId)).run();
    }
    return { ...family, childId };
  }

  it("gives a parent one ZIP of their child's record: the PDF, their documents and receipts, every name safe", async () => {
    const family = await familyWithRecord('archive.a@example.com', 'Zoë Ashby');
    const res = await s.request(`/api/parent/children/${family.childId}/archive.zip`, bearer(family.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Zo-Ashby-archive-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = [...files.keys()];

    for (const name of names) {
      // No absolute path, no parent folder, no backslash, no control character: the whole archive sits in one folder.
      // eslint-disable-next-line no-control-regex -- a control character in a name is what must not be there
      expect(name).not.toMatch(/^\/|(^|\/)\.\.(\/|$)|\\|[\u0000-\u001f\u007f]/);
      expect(name.split('/')[0]).toMatch(/^Zoë Ashby - archive \d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    const base = names[0]!.split('/')[0]!;
    expect(names.filter((n) => n.startsWith(`${base}/documents/`)).sort()).toEqual([
      `${base}/documents/_.._etc_passwd (2).pdf`,
      `${base}/documents/_.._etc_passwd.pdf`,
    ]);
    expect(files.get(`${base}/documents/_.._etc_passwd.pdf`)!.equals(PDF)).toBe(true);
    const receipts = names.filter((n) => n.startsWith(`${base}/receipts/`));
    expect(receipts).toHaveLength(2);
    expect(await pdfText(files.get(receipts[0]!)!)).toContain('410.00');

    const text = await pdfText(files.get(`${base}/Record of Zoë Ashby.pdf`)!);
    expect(text).toContain('Record of Zoë Ashby');
    expect(text).toContain('Leaf printing');
    expect(text).toContain('Printed autumn leaves with paint');
    expect(text).toContain('New words');
    expect(text).toContain('Names every colour in the room');
    expect(text).toContain('Milestones achieved (1)');
    expect(text).not.toContain('Staff-only observation');
    expect(text).not.toContain('Private concern');
  });

  it("is in the parent's saved language: the record PDF, the receipts in it and the names; what staff wrote as written", async () => {
    const family = await familyWithRecord('archive.es@example.com', 'Lucía Ortega');
    const prefs = await s.request('/api/parent/preferences', { method: 'PATCH', json: { language: 'es' }, ...bearer(family.token) });
    expect(prefs.status).toBe(200);
    s.db
      .insert(attendanceEvents)
      .values([
        // 08:00-16:30 on 5 October 2026 in Columbus (EDT, UTC-4).
        { childId: family.childId, kind: 'in', at: new Date('2026-10-05T12:00:00Z'), by: 'Pat', recordedByName: 'Test' },
        { childId: family.childId, kind: 'out', at: new Date('2026-10-05T20:30:00Z'), by: 'Pat', recordedByName: 'Test' },
      ])
      .run();
    const res = await s.request(`/api/parent/children/${family.childId}/archive.zip`, bearer(family.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Luc-a-Ortega-archivo-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = [...files.keys()];
    const base = names[0]!.split('/')[0]!;
    expect(base).toMatch(/^Lucía Ortega - archivo \d{4}-\d{2}-\d{2}$/);
    expect(names.filter((n) => n.startsWith(`${base}/documentos/`))).toHaveLength(2);
    const receipts = names.filter((n) => n.startsWith(`${base}/recibos/`));
    expect(receipts.map((n) => n.split('/').at(-1))).toEqual(receipts.map(() => expect.stringMatching(/^Recibo .+\.pdf$/)));
    expect(receipts).toHaveLength(2);
    const receipt = await pdfText(files.get(receipts[0]!)!);
    expect(receipt).toContain('Recibo de pago');
    expect(receipt).toContain('Tipo de pago Colegiatura');
    expect(receipt).toContain('Forma de pago Efectivo');
    expect(receipt).not.toMatch(/Payment|Receipt|Amount/);

    const text = await pdfText(files.get(`${base}/Expediente de Lucía Ortega.pdf`)!);
    for (const expected of [
      'Expediente de Lucía Ortega',
      'Programa: preparación para kínder',
      'Preparado el',
      'Asistencia (1)',
      'Primer día registrado: 5 de octubre de 2026 - Último día registrado: 5 de octubre de 2026',
      'En total: 1 día, 8.50 horas de cuidado',
      'Octubre de 2026: 1 día, 8.50 horas',
      'Logros alcanzados (1)',
      '3 de noviembre de 2026 - ',
      'Notas de desarrollo (1)',
      'Categoría: Lenguaje - por',
      // What staff wrote, as they wrote it.
      'New words',
      'Names every colour in the room',
      'Actividades (1)',
      '2 de noviembre de 2026 - Leaf printing',
      'Categoría: Creatividad',
      'Habilidades practicadas: fine motor, colours',
      'página 1 de',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(
      /Record of|Attendance|Milestones achieved|Development notes|Activities|Category:|Born |Program:|hours|page 1 of/,
    );
    expect(text).not.toContain('Staff-only observation');
    // The centre's milestone by its Spanish name.
    const achieved = /3 de noviembre de 2026 - (.+?) Categoría/.exec(text)?.[1];
    expect(Object.values(MILESTONES_ES).map((m) => m.name)).toContain(achieved);

    // Staff's copy of the same child is English.
    const staff = await s.request(`/api/admin/enrolled-children/${family.childId}/archive.zip`, as(s.admin));
    expect(staff.status).toBe(200);
    const staffFiles = [...(await unzip(Buffer.from(await staff.arrayBuffer()))).keys()];
    expect(staffFiles.some((n) => n.endsWith('/Record of Lucía Ortega.pdf'))).toBe(true);
    expect(staffFiles.some((n) => /\/receipts\/Receipt [^/]+\.pdf$/.test(n))).toBe(true);
  });

  it('puts the attendance summary in the PDF: a line per month with days and hours as the report counts them', async () => {
    const family = await enrolFamily(s, 'archive.attends@example.com', ['Ada Attends']);
    const other = await enrolFamily(s, 'archive.elsewhere@example.com', ['Eli Elsewhere']);
    const childId = family.children[0]!.id;
    const ev = (child: string, kind: 'in' | 'out', at: string) => ({
      childId: child,
      kind,
      at: new Date(at),
      by: 'Pat',
      recordedByName: 'Test',
    });
    s.db
      .insert(attendanceEvents)
      .values([
        // October 2026 in Columbus (EDT, UTC-4): 08:00-16:30 on the 5th (8.50) and 09:00-17:15 on the 6th (8.25).
        ev(childId, 'in', '2026-10-05T12:00:00Z'),
        ev(childId, 'out', '2026-10-05T20:30:00Z'),
        ev(childId, 'in', '2026-10-06T13:00:00Z'),
        ev(childId, 'out', '2026-10-06T21:15:00Z'),
        // 21:30 on 31 October in Columbus is 1 November in UTC: an October day, a check-in without its check-out.
        ev(childId, 'in', '2026-11-01T01:30:00Z'),
        // November (EST, UTC-5): 08:00-12:00 on the 2nd.
        ev(childId, 'in', '2026-11-02T13:00:00Z'),
        ev(childId, 'out', '2026-11-02T17:00:00Z'),
        // Another child's day counts for nobody here.
        ev(other.children[0]!.id, 'in', '2026-10-07T12:00:00Z'),
        ev(other.children[0]!.id, 'out', '2026-10-07T22:00:00Z'),
      ])
      .run();
    const res = await s.request(`/api/parent/children/${childId}/archive.zip`, bearer(family.token));
    expect(res.status).toBe(200);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const pdf = [...files.keys()].find((n) => n.endsWith('/Record of Ada Attends.pdf'))!;
    const text = await pdfText(files.get(pdf)!);
    expect(text).toContain('Attendance (2)');
    expect(text).toContain('First day recorded: Oct 05, 2026 - Last day recorded: Nov 02, 2026');
    expect(text).toContain('In all: 4 days, 20.75 hours of care');
    expect(text).toContain('October 2026: 3 days, 16.75 hours');
    expect(text).toContain('November 2026: 1 day, 4.00 hours');

    // The other child's archive counts only its own day.
    const none = await s.request(`/api/parent/children/${other.children[0]!.id}/archive.zip`, bearer(other.token));
    const noneFiles = await unzip(Buffer.from(await none.arrayBuffer()));
    const nonePdf = [...noneFiles.keys()].find((n) => n.endsWith('.pdf'))!;
    expect(await pdfText(noneFiles.get(nonePdf)!)).toContain('October 2026: 1 day, 10.00 hours');
  });

  it("holds the child's photos of the day (only photos tagging this child), dated and safely named", async () => {
    const family = await enrolFamily(s, 'archive.photos@example.com', ['Pia Photo']);
    const other = await enrolFamily(s, 'archive.notme@example.com', ['Noah Notme']);
    const childId = family.children[0]!.id;
    const otherId = other.children[0]!.id;
    for (const id of [childId, otherId]) s.db.update(enrolledChildren).set({ photoConsent: true }).where(eq(enrolledChildren.id, id)).run();
    const picture = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const upload = async (childIds: string[], name: string, background: string) => {
      const form = new FormData();
      form.append('picture', new Blob([(await picture(background)) as BlobPart], { type: 'image/jpeg' }), name);
      for (const id of childIds) form.append('childIds[]', id);
      form.append('caption', 'Outdoor play');
      const res = await s.request('/api/admin/child-photos', { method: 'POST', body: form, ...as(s.admin) });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await json(res)) as { id: string }).id;
    };
    const mine = await upload([childId], 'sand table.JPG', '#cc3333');
    // A hostile name from an older version's data: separators and a bidi override.
    s.db.update(childPhotos).set({ originalName: '../../sand\u202e table.JPG' }).where(eq(childPhotos.id, mine)).run();
    const together = await upload([childId, otherId], 'IMG_0002.JPG', '#33cc33');
    const notMine = await upload([otherId], 'NOT_MINE.JPG', '#3333cc');

    const res = await s.request(`/api/parent/children/${childId}/archive.zip`, bearer(family.token));
    expect(res.status).toBe(200);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const photos = [...files.keys()].filter((n) => n.includes('/photos/'));
    expect(photos).toHaveLength(2);
    // JPEGs uploaded, JPEGs kept (ADR 084): each named with its own extension.
    for (const name of photos) expect(name).toMatch(/\/photos\/\d{4}-\d{2}-\d{2} [^/\\]+\.jpg$/);
    expect(photos.some((n) => n.endsWith(' .._.._sand table.jpg'))).toBe(true);
    expect(photos.some((n) => n.endsWith(' IMG_0002.jpg'))).toBe(true);
    expect(photos.some((n) => n.includes('NOT_MINE'))).toBe(false);
    // The bytes are the stored whole pictures of the two photos that tag this child, and never the other one's.
    const stored = (id: string) => {
      const row = s.db.select({ storedName: childPhotos.storedName }).from(childPhotos).where(eq(childPhotos.id, id)).get()!;
      return readFileSync(join(s.config.privateDir, 'child-photos', row.storedName));
    };
    const contents = photos.map((n) => files.get(n)!);
    expect(contents.some((b) => b.equals(stored(mine)))).toBe(true);
    expect(contents.some((b) => b.equals(stored(together)))).toBe(true);
    expect([...files.values()].some((b) => b.equals(stored(notMine)))).toBe(false);

    // The other family's archive has its two photos, and this family cannot open it.
    const theirs = await s.request(`/api/parent/children/${otherId}/archive.zip`, bearer(other.token));
    const theirPhotos = [...(await unzip(Buffer.from(await theirs.arrayBuffer()))).keys()].filter((n) => n.includes('/photos/'));
    expect(theirPhotos).toHaveLength(2);
    expect((await s.request(`/api/parent/children/${otherId}/archive.zip`, bearer(family.token))).status).toBe(404);
  });

  it("holds exactly the receipts the portal shows: a parent's own for this child, never the co-parent's or another family's", async () => {
    // Two children under one e-mail, a co-parent with an account of their own for the first, another family.
    const family = await enrolFamily(s, 'archive.payer@example.com', ['Rae Receipts', 'Rex Receipts']);
    const [child, sibling] = family.children.map((c) => c.id) as [string, string];
    const coParent = await s.parentToken('archive.coparent@example.com');
    s.db.insert(parentChildRelationships).values({ parentId: coParent.parentId, childId: child }).run();
    const other = await enrolFamily(s, 'archive.otherpayer@example.com', ['Orla Other']);
    const otherChild = other.children[0]!.id;
    const receipt = async (childId: string, parentEmail: string) =>
      (
        (await ok(
          await admin('/api/admin/payment-receipts', {
            childId,
            parentName: 'A Payer',
            parentEmail,
            amount: '100.00',
            paymentMethod: 'cash',
            paymentDate: '2026-11-02',
            paymentType: 'tuition',
          }),
        )) as { receiptNumber: string }
      ).receiptNumber;
    const own = await receipt(child, family.email);
    const coParents = await receipt(child, 'archive.coparent@example.com');
    const siblings = await receipt(sibling, family.email);
    const otherFamilys = await receipt(otherChild, other.email);
    // Another family's child, paid from this family's e-mail (a mistyped receipt): still not this child's.
    await receipt(otherChild, family.email);

    const receiptsIn = async (res: Response) => {
      expect(res.status).toBe(200);
      const names = [...(await unzip(Buffer.from(await res.arrayBuffer()))).keys()];
      return names
        .filter((n) => /\/(receipts|recibos)\//.test(n))
        .map((n) => /Receipt (.+)\.pdf$/.exec(n)![1])
        .sort();
    };
    const path = `/api/parent/children/${child}/archive.zip`;
    // ADR 008: a parent's receipts are those paid from their own e-mail; the archive holds what the portal shows them.
    expect(await receiptsIn(await s.request(path, bearer(family.token)))).toEqual([own]);
    expect(await receiptsIn(await s.request(path, bearer(coParent.token)))).toEqual([coParents]);
    // Staff's copy has every receipt of the child, whoever paid, and none of another child's.
    expect(await receiptsIn(await s.request(`/api/admin/enrolled-children/${child}/archive.zip`, as(s.admin)))).toEqual(
      [own, coParents].sort(),
    );
    expect(await receiptsIn(await s.request(`/api/parent/children/${sibling}/archive.zip`, bearer(family.token)))).toEqual([siblings]);
    expect(await receiptsIn(await s.request(`/api/parent/children/${otherChild}/archive.zip`, bearer(other.token)))).toEqual([
      otherFamilys,
    ]);
  });

  it("answers another family's child, and a child that does not exist, with the same 404; staff get 403, visitors 401", async () => {
    const a = await enrolFamily(s, 'archive.owner@example.com', ['Olive Owner']);
    const b = await enrolFamily(s, 'archive.other@example.com', ['Otto Other']);
    const path = `/api/parent/children/${a.children[0]!.id}/archive.zip`;
    const theirs = await s.request(path, bearer(b.token));
    expect(theirs.status).toBe(404);
    const body = await theirs.text();
    expect(body).not.toContain('Olive');
    const missing = await s.request(`/api/parent/children/${crypto.randomUUID()}/archive.zip`, bearer(b.token));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(body);
    expect((await s.request(path)).status).toBe(401);
    expect((await s.request(path, as(s.admin))).status).toBe(403);
  });

  it('is rated per parent: the sixth archive in ten minutes is a 429', async () => {
    const family = await enrolFamily(s, 'archive.busy@example.com', ['Bea Busy']);
    const path = `/api/parent/children/${family.children[0]!.id}/archive.zip`;
    for (let i = 0; i < 5; i++) {
      const res = await s.request(path, bearer(family.token));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const res = await s.request(path, bearer(family.token));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('lets the director download the same archive (with every document and receipt), recorded in the audit log', async () => {
    const family = await familyWithRecord('archive.staff@example.com', 'Sam Staffcopy');
    const teacher = await s.adminCookie('archive.teacher@example.com', 'teacher');
    expect((await s.request(`/api/admin/enrolled-children/${family.childId}/archive.zip`, as(teacher))).status).toBe(403);
    const res = await s.request(`/api/admin/enrolled-children/${family.childId}/archive.zip`, as(s.admin));
    expect(res.status).toBe(200);
    const names = [...(await unzip(Buffer.from(await res.arrayBuffer()))).keys()];
    expect(names.filter((n) => n.includes('/documents/'))).toHaveLength(2);
    expect(names.filter((n) => n.includes('/receipts/'))).toHaveLength(2);
    const row = s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;
    expect(row).toMatchObject({ action: 'export', entity: 'child', entityId: family.childId });
  });

  it('e-mails the parent a link when staff make the archive of a deactivated child; it works alone once the account is closed', async () => {
    const family = await familyWithRecord('archive.leaving@example.com', 'Lea Leaving');
    const other = await enrolFamily(s, 'archive.stranger@example.com', ['Stan Stranger']);
    const off = await s.request(`/api/admin/enrolled-children/${family.childId}/toggle-active`, { method: 'PATCH', ...as(s.admin) });
    expect(off.status).toBe(200);
    // The child left: the family's account is closed, and the portal's own path no longer finds the child.
    expect((await s.request(`/api/parent/children/${family.childId}/archive.zip`, bearer(family.token))).status).toBe(401);

    const sent = await s.request(`/api/admin/enrolled-children/${family.childId}/archive-link`, { method: 'POST', ...as(s.admin) });
    expect(sent.status).toBe(200);
    expect(await json(sent)).toMatchObject({
      success: true,
      message: expect.stringContaining('archive.leaving@example.com'),
      notice: { id: 'staff.notice.archiveSent', values: { recipients: 'archive.leaving@example.com', days: expect.any(String) } },
    });
    const mail = s.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'archive.leaving@example.com'))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1)
      .get()!;
    expect(mail.subject).toContain("Lea Leaving's records");
    const url = /(http:\/\/\S+\/api\/parent\/archives\/\S+)/.exec(mail.textBody)![1]!;
    const path = url.slice(s.url.length);
    // Nothing to sign in with any more: the signed link alone opens the archive.
    const res = await s.request(path);
    expect(res.status).toBe(200);
    const names = [...(await unzip(Buffer.from(await res.arrayBuffer()))).keys()];
    expect(names.some((n) => n.endsWith('/Record of Lea Leaving.pdf'))).toBe(true);
    // The log of e-mails to parents keeps the message without the link.
    const logged = s.db.$client.prepare("SELECT content FROM parent_emails WHERE subject LIKE '%Lea Leaving''s records%'").get() as {
      content: string;
    };
    expect(logged.content).toContain('[archive link]');
    expect(logged.content).not.toContain('/api/parent/archives/');
    // A link changed by one character, or past its days, opens nothing.
    const tampered = path.slice(0, -2) + (path.endsWith('AA') ? 'BB' : 'AA');
    expect((await s.request(tampered)).status).toBe(404);
    const childOfOther = path.replace(family.childId, other.children[0]!.id);
    expect((await s.request(childOfOther)).status).toBe(404);
    s.clock.advance(15 * 24 * 60 * 60 * 1000);
    const expired = await s.request(path);
    expect(expired.status).toBe(404);
    expect(await json(expired)).toEqual({ message: 'This archive link is not valid or has expired. Please ask the centre for a new one.' });
    s.clock.advance(-15 * 24 * 60 * 60 * 1000);
  });

  it('while the account is open, the link needs that parent signed in: visitors 401, another parent 404, staff 403', async () => {
    const family = await enrolFamily(s, 'archive.open@example.com', ['Opal Open']);
    const other = await enrolFamily(s, 'archive.nosy@example.com', ['Ned Nosy']);
    const childId = family.children[0]!.id;
    const token = archiveLinkToken(s.config, { childId, parentId: family.parentId, expiresAt: s.clock.now().getTime() + 60_000 });
    const path = `/api/parent/archives/${token}`;
    expect((await s.request(path)).status).toBe(401);
    expect((await s.request(path, bearer(other.token))).status).toBe(404);
    expect((await s.request(path, as(s.admin))).status).toBe(403);
    const res = await s.request(path, bearer(family.token));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('refuses a link for a child without a parent login with a sentence, and a teacher with 403', async () => {
    const lonely = await ok(
      await admin('/api/admin/enrolled-children', {
        childName: 'Nola Nologin',
        parentName: 'No Login',
        parentEmail: 'nologin@example.com',
        dateOfBirth: '2022-01-01',
        program: 'preschool',
        startDate: '2026-01-05',
      }),
    );
    const before = s.count(auditLog);
    const res = await s.request(`/api/admin/enrolled-children/${lonely.id as string}/archive-link`, { method: 'POST', ...as(s.admin) });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/no parent login/);
    expect(s.count(auditLog)).toBe(before);
    const teacher = await s.adminCookie('archive.teacher2@example.com', 'teacher');
    const refused = await s.request(`/api/admin/enrolled-children/${lonely.id as string}/archive-link`, { method: 'POST', ...as(teacher) });
    expect(refused.status).toBe(403);
  });
});

describe('safe names in the archive', () => {
  it('keeps letters and the extension, drops separators, control and bidi characters, reserved and hidden names', () => {
    expect(safeName('Zoë’s shots.pdf')).toBe('Zoë’s shots.pdf');
    expect(safeName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeName('a\u0000b\r\nc.pdf')).toBe('abc.pdf');
    expect(safeName('evil\u202Efdp.exe')).toBe('evilfdp.exe');
    expect(safeName('C:\\Windows\\x.pdf')).toBe('C__Windows_x.pdf');
    expect(safeName('...hidden')).toBe('hidden');
    expect(safeName('CON.pdf')).toBe('_CON.pdf');
    expect(safeName('   ')).toBe('file');
    expect([...safeName(`${'é'.repeat(300)}.pdf`)].length).toBe(120);
    expect(safeName(`${'é'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
  });
});
