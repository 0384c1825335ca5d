/**
 * Communication Center: messages both ways, document requests, the private upload flow and the
 * download, with two families that must never see each other's records. E-mail notices go through a real
 * SMTP server on loopback.
 */
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  communicationMessages,
  documentRequests,
  parentChildRelationships,
  parentUsers,
  privateFiles,
  uploadTokens,
} from '../../db/schema';
import { ABANDONED_UPLOAD_MS, EXPIRED_MESSAGE, forgetAbandonedUploads } from '../../src/server/documents/uploads';
import { createParentSession } from '../../src/server/auth/session';
import { centre } from '../../src/shared/centre';
import { MAX_UPLOAD_BYTES } from '../../src/shared/constants';
import { addChild, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { decodeMime, json } from '../helpers/enrollment-fixtures';
import { loopbackSmtp } from '../helpers/smtp';
import { english } from '../helpers/english';

const smtp = loopbackSmtp();
const s = sharedAdminServer(() => ({ env: { SMTP_URL: smtp.smtpUrl() } }));

interface Family {
  child: ChildBody;
  email: string;
  parentId: string;
  /** Request options with the parent's bearer token. */
  auth: { headers: Record<string, string> };
  /** Request options with the parent's session cookie (what the portal's pages send). */
  cookie: { headers: Record<string, string> };
}

/** An enrolled child, its parent's account, the link between them and a session. */
async function family(name: string): Promise<Family> {
  const email = `${name}@example.com`;
  const child = await addChild(s, { childName: `${name} Junior`, parentName: `${name} Senior`, parentEmail: email });
  const parentId = s.db.insert(parentUsers).values({ email, firstName: name, lastName: 'Senior', passwordHash: 'x' }).returning().get().id;
  s.db.insert(parentChildRelationships).values({ parentId, childId: child.id, isPrimary: true }).run();
  const { token } = createParentSession(s.db, s.clock, parentId);
  return {
    child,
    email,
    parentId,
    auth: { headers: { authorization: `Bearer ${token}` } },
    cookie: { headers: { cookie: `parent_session=${token}` } },
  };
}

let a: Family;
let b: Family;
beforeAll(async () => {
  a = await family('anna');
  b = await family('boris');
});

type Message = typeof communicationMessages.$inferSelect & { emailSent?: boolean };
type Request = typeof documentRequests.$inferSelect;

const post = (path: string, body: unknown, opts: { headers: Record<string, string> }) =>
  s.request(path, { method: 'POST', json: body, ...opts });
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => ({ ...m, raw: decodeMime(m.raw) }));

describe('messages from the centre to a parent', () => {
  it('goes to the parent of the chosen child, whatever recipient the client names, and e-mails a notice without the content', async () => {
    const before = mailsTo(a.email).length;
    const res = await post(
      '/api/admin/communications',
      {
        type: 'general_message',
        recipientType: 'parent',
        recipientId: b.email,
        recipientName: 'Someone else',
        childId: a.child.id,
        subject: '  Field trip  ',
        content: 'Secret allergy details',
        isUrgent: false,
      },
      as(s.admin),
    );
    expect(res.status).toBe(201);
    const message = await json<Message>(res);
    expect(message).toMatchObject({
      senderType: 'admin',
      recipientType: 'parent',
      recipientId: a.email,
      recipientName: 'anna Senior',
      childId: a.child.id,
      childName: 'anna Junior',
      subject: 'Field trip',
      isRead: false,
      emailSent: true,
    });

    const mails = mailsTo(a.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.raw).toContain(`${s.config.publicUrl}/parent-login`);
    expect(mails.at(-1)!.raw).not.toContain('Secret allergy details');
    expect(mailsTo(b.email).length).toBe(0);
  });

  it('requires a child, a subject and content, within length limits, and stores nothing otherwise', async () => {
    const before = s.count(communicationMessages);
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: 'Hi', content: 'Hello' }, 'Please select a child'],
      [{ childId: 'no-such-child', subject: 'Hi', content: 'Hello' }, 'Please select a child'],
      [{ childId: a.child.id, subject: '   ', content: 'Hello' }, 'Subject is required'],
      [{ childId: a.child.id, subject: 'Hi', content: '' }, 'Message is required'],
      [{ childId: a.child.id, subject: 'x'.repeat(201), content: 'Hello' }, 'Must be at most 200 characters'],
      [{ childId: a.child.id, subject: 'Hi', content: 'x'.repeat(5001) }, 'Must be at most 5000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/admin/communications', body, as(s.admin));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
    expect(s.count(communicationMessages)).toBe(before);
  });

  it('is listed for that parent only; the other family sees none of it', async () => {
    const listA = await json<Message[]>(await s.request('/api/parent/communications', a.auth));
    expect(listA.map((m) => m.subject)).toContain('Field trip');
    const listB = await json<Message[]>(await s.request('/api/parent/communications', b.auth));
    expect(listB.some((m) => m.recipientId === a.email || m.senderId === a.parentId)).toBe(false);
  });

  it('can be marked read by its recipient only; another family and staff get 404', async () => {
    const message = s.db.select().from(communicationMessages).where(eq(communicationMessages.recipientId, a.email)).get()!;
    expect((await post(`/api/communications/${message.id}/mark-read`, {}, b.auth)).status).toBe(404);
    expect((await post(`/api/communications/${message.id}/mark-read`, {}, as(s.admin))).status).toBe(404);
    expect(s.db.select().from(communicationMessages).where(eq(communicationMessages.id, message.id)).get()!.isRead).toBe(false);
    const res = await post(`/api/communications/${message.id}/mark-read`, {}, a.cookie);
    expect(res.status).toBe(200);
    expect(s.db.select().from(communicationMessages).where(eq(communicationMessages.id, message.id)).get()!.isRead).toBe(true);
  });
});

describe('messages from a parent to the centre', () => {
  it('reach the staff list, keep the child, and list beside the centre’s messages newest first', async () => {
    s.clock.advance(60_000);
    const res = await post(
      '/api/parent/communications',
      { childId: a.child.id, subject: 'Re: Field trip', content: 'We will bring a packed lunch.', isUrgent: false },
      a.auth,
    );
    expect(res.status).toBe(201);
    expect(await json<Message>(res)).toMatchObject({
      senderType: 'parent',
      senderId: a.parentId,
      senderName: 'anna Senior',
      recipientType: 'admin',
      recipientId: centre.email,
      childId: a.child.id,
    });

    const staff = await json<Message[]>(await s.request('/api/admin/communications', as(s.admin)));
    expect(staff[0]!.subject).toBe('Re: Field trip');
    const own = await json<Message[]>(await s.request('/api/parent/communications', a.auth));
    expect(own.map((m) => m.subject)).toEqual(['Re: Field trip', 'Field trip']);
    const other = await json<Message[]>(await s.request('/api/parent/communications', b.auth));
    expect(other.map((m) => m.subject)).not.toContain('Re: Field trip');
  });

  it('staff mark a parent’s message read; the parent who sent it cannot, and gets 404', async () => {
    const message = s.db.select().from(communicationMessages).where(eq(communicationMessages.senderId, a.parentId)).get()!;
    expect((await post(`/api/communications/${message.id}/mark-read`, {}, a.auth)).status).toBe(404);
    expect((await post(`/api/communications/${message.id}/mark-read`, {}, as(s.admin))).status).toBe(200);
  });

  it('refuses a child of another family with 404 and stores nothing', async () => {
    const before = s.count(communicationMessages);
    const res = await post('/api/parent/communications', { childId: b.child.id, subject: 'Hello', content: 'Hi' }, a.auth);
    expect(res.status).toBe(404);
    expect(s.count(communicationMessages)).toBe(before);
  });

  it('e-mails staff a notice of every message (an urgent one says so), without its content', async () => {
    const before = mailsTo(centre.email).length;
    expect(
      (
        await post(
          '/api/parent/communications',
          { childId: a.child.id, subject: 'Fever', content: 'Temperature of 39.5', isUrgent: true },
          a.auth,
        )
      ).status,
    ).toBe(201);
    expect(
      (await post('/api/parent/communications', { childId: a.child.id, subject: 'Not urgent', content: 'Thanks' }, a.auth)).status,
    ).toBe(201);
    const mails = mailsTo(centre.email);
    expect(mails.length).toBe(before + 2);
    expect(mails.at(-2)!.raw).toContain('urgent message');
    expect(mails.at(-1)!.raw).not.toContain('urgent message');
    for (const mail of mails.slice(before)) expect(mail.raw).not.toMatch(/39\.5|Thanks/);
  });

  it('works through tRPC the same way (the twin of the REST path)', async () => {
    const res = await s.request('/api/trpc/communications.parentSend', {
      method: 'POST',
      json: { json: { subject: 'Via tRPC', content: 'Hello' } },
      ...a.auth,
    });
    expect(res.status).toBe(200);
    const list = await s.request('/api/trpc/communications.parentMessages', a.auth);
    expect(JSON.stringify(await list.json())).toContain('Via tRPC');
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);
/** A 1x1 GIF and a one-file ZIP: types file-type recognises by their bytes, but not ones a parent may upload. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const ZIP = (() => {
  const name = Buffer.from('forms.txt');
  const data = Buffer.from('hello');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
})();

async function uploadUrl(opts: { headers: Record<string, string> }): Promise<string> {
  const res = await post('/api/objects/upload', undefined, opts);
  expect(res.status).toBe(200);
  return (await json<{ uploadURL: string }>(res)).uploadURL;
}

const put = (url: string, body: BodyInit, opts: { headers: Record<string, string> }) => s.request(url, { method: 'PUT', body, ...opts });

function privateDocuments(): string[] {
  const dir = join(s.config.privateDir, 'documents');
  return existsSync(dir) ? readdirSync(dir) : [];
}
function partials(): string[] {
  const dir = join(s.config.privateDir, 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('document requests', () => {
  let request: Request;

  it('staff request a document from the parent of the chosen child; the parent gets a notice with a portal link', async () => {
    const before = mailsTo(a.email).length;
    const res = await post(
      '/api/admin/document-requests',
      {
        childId: a.child.id,
        parentId: b.email,
        documentType: 'immunization',
        title: 'Immunization record',
        description: 'The 2026 update',
        dueDate: '2026-12-01',
        isUrgent: true,
      },
      as(s.admin),
    );
    expect(res.status).toBe(201);
    request = await json<Request>(res);
    expect(request).toMatchObject({
      parentId: a.email,
      parentName: 'anna Senior',
      childName: 'anna Junior',
      status: 'pending',
      documentType: 'immunization',
      dueDate: '2026-12-01',
    });
    const mail = mailsTo(a.email).at(-1)!;
    expect(mailsTo(a.email).length).toBe(before + 1);
    expect(mail.raw).toContain('Immunization record');
    expect(mail.raw).toContain(`${s.config.publicUrl}/parent-login`);
    expect(mail.raw).not.toContain('The 2026 update');
  });

  it('refuses a request without title, description or child, or with a bad type or date', async () => {
    const before = s.count(documentRequests);
    const base = { childId: a.child.id, title: 'Form', description: 'Please', documentType: 'other' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: '' }, 'Title is required'],
      [{ ...base, description: ' ' }, 'Description is required'],
      [{ ...base, childId: '' }, 'Please select a child'],
      [{ ...base, documentType: 'passport' }, 'Please choose a document type'],
      [{ ...base, dueDate: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD)'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/admin/document-requests', body, as(s.admin));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
    expect(s.count(documentRequests)).toBe(before);
  });

  it('lists a family’s requests only to that family, and shows one past its due date (centre time) as overdue', async () => {
    const listA = await json<Request[]>(await s.request('/api/parent/document-requests', a.auth));
    expect(listA.map((r) => r.id)).toContain(request.id);
    expect(await json<Request[]>(await s.request('/api/parent/document-requests', b.auth))).toEqual([]);

    // 1 December, 23:30 in Columbus is 2 December in UTC: still due today, not overdue.
    s.clock.set('2026-12-02T04:30:00Z');
    s.admin = await s.adminCookie(); // the earlier staff session has run out by December
    expect((await json<Request[]>(await s.request('/api/parent/document-requests', a.auth))).find((r) => r.id === request.id)!.status).toBe(
      'pending',
    );
    s.clock.set('2026-12-02T05:30:00Z');
    expect((await json<Request[]>(await s.request('/api/parent/document-requests', a.auth))).find((r) => r.id === request.id)!.status).toBe(
      'overdue',
    );
    expect(
      (await json<Request[]>(await s.request('/api/admin/document-requests', as(s.admin)))).find((r) => r.id === request.id)!.status,
    ).toBe('overdue');
  });

  describe('the upload flow', () => {
    it('issues an upload URL only to a signed-in user', async () => {
      expect((await s.request('/api/objects/upload', { method: 'POST' })).status).toBe(401);
      expect(await uploadUrl(a.auth)).toMatch(/^\/api\/objects\/upload\/[0-9a-f-]{36}\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    });

    it('refuses an anonymous PUT, a tampered URL, another account’s URL, and stores nothing', async () => {
      const url = await uploadUrl(a.auth);
      expect((await put(url, PDF, { headers: {} })).status).toBe(401);
      // The signature's first character changes six bits of it (its last one only four: two are padding that
      // base64url decoders drop, so A and B there would decode to the same signature).
      const tampered = url.replace(/\.([^.])([^.]*)$/, (_m, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`);
      expect(tampered).not.toBe(url);
      expect((await put(tampered, PDF, a.auth)).status).toBe(404);
      // Only the spelling this server wrote: the last character's padding bits changed are refused too.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const respelled = url.replace(/.$/, (c) => alphabet[alphabet.indexOf(c) ^ 1]!);
      expect((await put(respelled, PDF, a.auth)).status).toBe(404);
      const later = url.replace(/\.(\d{13})\./, (_m, exp: string) => `.${Number(exp) + 3_600_000}.`);
      expect((await put(later, PDF, a.auth)).status).toBe(404);
      expect((await put(url, PDF, b.auth)).status).toBe(404);
      expect(s.count(privateFiles)).toBe(0);
      // None of those used it up: the owner can still upload once.
      expect((await put(url, PDF, a.auth)).status).toBe(201);
      expect((await put(url, PDF, a.auth)).status).toBe(409);
      expect(s.count(privateFiles)).toBe(1);
    });

    it('refuses an expired URL', async () => {
      const url = await uploadUrl(a.auth);
      s.clock.advance(16 * 60 * 1000);
      expect((await put(url, PDF, a.auth)).status).toBe(403);
      expect(s.count(privateFiles)).toBe(1);
    });

    it('says a link expired, not used, when its permit is gone before the time the link carries', async () => {
      // The hourly sweep removes permits past their time. Run while the clock was ahead (a clock later stepped
      // back, or a restore from a backup taken before the link was issued), it leaves a link whose signed time
      // has not passed and whose permit row is gone: the parent must be told to choose the file again, not
      // that the link was used.
      const url = await uploadUrl(a.auth);
      const issued = s.clock.now().getTime();
      s.clock.advance(16 * 60 * 1000);
      const ahead = s.clock.now();
      await forgetAbandonedUploads({ db: s.db, config: s.config, clock: s.clock });
      const id = url.split('/').pop()!.split('.')[0]!;
      expect(s.db.select().from(uploadTokens).where(eq(uploadTokens.id, id)).get()).toBeUndefined();
      const files = s.count(privateFiles);
      s.clock.set(new Date(issued + 60_000));
      try {
        const res = await put(url, PDF, a.auth);
        expect(res.status).toBe(403);
        expect((await json<{ message: string }>(res)).message).toBe(english(EXPIRED_MESSAGE));
        expect(s.count(privateFiles)).toBe(files);
      } finally {
        s.clock.set(ahead);
      }
    });

    it('refuses more than 10 MB with a Content-Length, and while streaming without one, leaving no partial file', async () => {
      const files = privateDocuments().length;
      const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
      PDF.copy(big);
      const withLength = await put(await uploadUrl(a.auth), big, a.auth);
      expect(withLength.status).toBe(413);

      const url = await uploadUrl(a.auth);
      let sent = 0;
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new Uint8Array(PDF));
          if (sent > MAX_UPLOAD_BYTES + 1024 * 1024) return controller.close();
          sent += chunk.length;
          controller.enqueue(new Uint8Array(chunk));
        },
      });
      const res = await fetch(s.url + url, {
        method: 'PUT',
        body: stream,
        duplex: 'half',
        headers: { ...a.auth.headers, origin: s.url },
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await json(res)).message).toBe('The file is too large. The limit is 10 MB.');
      expect(privateDocuments().length).toBe(files);
      expect(partials()).toEqual([]);
    });

    it('accepts exactly 10 MB', async () => {
      const exact = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
      PDF.copy(exact);
      const res = await put(await uploadUrl(a.auth), exact, a.auth);
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({ size: MAX_UPLOAD_BYTES, mimeType: 'application/pdf' });
    });

    it('decides the type by the bytes: a text file named .pdf is refused, a HEIC photo is accepted', async () => {
      const files = privateDocuments().length;
      const res = await put(await uploadUrl(a.auth), Buffer.from('just some text, not a PDF'), {
        headers: { ...a.auth.headers, 'content-type': 'application/pdf' },
      });
      expect(res.status).toBe(415);
      expect((await json(res)).message).toBe('Only PDF, JPEG, PNG or HEIC files can be uploaded.');
      expect(privateDocuments().length).toBe(files);
      const heic = await put(await uploadUrl(a.auth), HEIC, a.auth);
      expect(heic.status).toBe(201);
      expect(await json(heic)).toMatchObject({ mimeType: 'image/heic' });
    });

    it.each([
      ['a GIF named scan.pdf', GIF, 'application/pdf'],
      ['a ZIP named records.pdf', ZIP, 'application/pdf'],
      ['a GIF sent as image/gif', GIF, 'image/gif'],
    ])('refuses %s, a type known by its bytes but not allowed: 415, nothing stored', async (_name, bytes, type) => {
      const [rows, files] = [s.count(privateFiles), privateDocuments()];
      const res = await put(await uploadUrl(a.auth), bytes, { headers: { ...a.auth.headers, 'content-type': type } });
      expect(res.status).toBe(415);
      expect((await json(res)).message).toBe('Only PDF, JPEG, PNG or HEIC files can be uploaded.');
      expect(s.count(privateFiles)).toBe(rows);
      expect(privateDocuments()).toEqual(files);
      expect(partials()).toEqual([]);
    });

    it('keeps documents in the private folder, readable by the server only', () => {
      const dir = join(s.config.privateDir, 'documents');
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      for (const f of privateDocuments()) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
      expect(readdirSync(s.config.uploadsDir)).toEqual([]);
    });
  });

  describe('responding', () => {
    let url: string;

    it('refuses another family (404), a URL that is not the parent’s own upload (400), and changes nothing', async () => {
      url = await uploadUrl(a.auth);
      expect((await put(url, PDF, a.cookie)).status).toBe(201);
      const body = { documentUrl: url, documentName: 'Immunization 2026.pdf', message: 'Here it is' };
      expect((await post(`/api/parent/document-requests/${request.id}/respond`, body, b.auth)).status).toBe(404);

      const foreign = await uploadUrl(b.auth);
      expect((await put(foreign, PDF, b.auth)).status).toBe(201);
      const res = await post(`/api/parent/document-requests/${request.id}/respond`, { ...body, documentUrl: foreign }, a.auth);
      expect(res.status).toBe(400);
      const unused = await uploadUrl(a.auth);
      expect((await post(`/api/parent/document-requests/${request.id}/respond`, { ...body, documentUrl: unused }, a.auth)).status).toBe(
        400,
      );
      expect((await post(`/api/parent/document-requests/${request.id}/respond`, { ...body, documentName: '' }, a.auth)).status).toBe(400);
      expect(s.db.select().from(documentRequests).where(eq(documentRequests.id, request.id)).get()!.status).toBe('pending');
    });

    it('fulfils the request once (even when overdue); a second answer is refused', async () => {
      const body = { documentUrl: url, documentName: 'Immunization 2026.pdf', message: 'Here it is' };
      const res = await post(`/api/parent/document-requests/${request.id}/respond`, body, a.auth);
      expect(res.status).toBe(200);
      const done = await json<Request>(res);
      expect(done).toMatchObject({ status: 'fulfilled', responseDocumentName: 'Immunization 2026.pdf', responseMessage: 'Here it is' });
      expect(done.responseDocumentUrl).toMatch(/^\/api\/documents\/[0-9a-f-]{36}$/);

      const again = await post(
        `/api/parent/document-requests/${request.id}/respond`,
        { ...body, documentUrl: await uploadUrl(a.auth) },
        a.auth,
      );
      expect(again.status).toBe(409);
      expect((await json<Request[]>(await s.request('/api/parent/document-requests', a.auth)))[0]!.status).toBe('fulfilled');
    });

    it('serves the document to staff and the owning parent only, privately; anyone else gets 404 (anonymous 401)', async () => {
      const stored = s.db.select().from(documentRequests).where(eq(documentRequests.id, request.id)).get()!;
      const path = stored.responseDocumentUrl!;
      s.admin = await s.adminCookie();
      for (const who of [as(s.admin), a.auth, a.cookie]) {
        const res = await s.request(path, who);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toContain('attachment; filename="Immunization 2026.pdf"');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
      }
      expect((await s.request(path, b.auth)).status).toBe(404);
      expect((await s.request(path, b.cookie)).status).toBe(404);
      expect((await s.request(path)).status).toBe(401);
      expect((await s.request('/api/documents/00000000-0000-4000-8000-000000000000', as(s.admin))).status).toBe(404);
      expect((await s.request('/uploads/' + path.split('/').pop(), as(s.admin))).status).toBe(404);
    });
  });
});

describe('uploads never submitted', () => {
  it('are removed after a day with their permits and partial files; a submitted document stays', async () => {
    const submitted = s.db
      .select()
      .from(documentRequests)
      .where(eq(documentRequests.parentId, a.email))
      .all()
      .filter((r) => r.responseDocumentUrl);
    expect(submitted.length).toBeGreaterThan(0);
    const kept = submitted.map((r) => r.responseDocumentUrl!.split('/').pop()!);

    const deps = { db: s.db, config: s.config, clock: s.clock };
    // Earlier tests of this file left unsubmitted uploads (and moved the clock): start from none.
    s.clock.advance(ABANDONED_UPLOAD_MS + 60_000);
    await forgetAbandonedUploads(deps);

    const url = await uploadUrl(a.auth);
    expect((await put(url, PDF, a.auth)).status).toBe(201);
    const abandonedId = url.split('/').pop()!.split('.')[0]!;
    const partial = join(s.config.privateDir, 'tmp', 'interrupted.part');
    writeFileSync(partial, 'half a file');
    utimesSync(partial, s.clock.now(), s.clock.now());
    const stored = () =>
      s.db
        .select({ id: privateFiles.id })
        .from(privateFiles)
        .all()
        .map((f) => f.id);
    expect(stored()).toContain(abandonedId);

    // Within the day nothing goes: the parent may still be filling in the answer.
    s.clock.advance(ABANDONED_UPLOAD_MS - 60_000);
    expect(await forgetAbandonedUploads(deps)).toBe(0);
    expect(stored()).toContain(abandonedId);
    expect(partials()).toEqual(['interrupted.part']);

    s.clock.advance(2 * 60_000);
    expect(await forgetAbandonedUploads(deps)).toBe(1);
    expect(stored()).not.toContain(abandonedId);
    expect(privateDocuments().some((f) => f.startsWith(abandonedId))).toBe(false);
    expect(s.db.select().from(uploadTokens).where(eq(uploadTokens.id, abandonedId)).get()).toBeUndefined();
    expect(partials()).toEqual([]);
    for (const id of kept) {
      expect(stored()).toContain(id);
      expect(privateDocuments().some((f) => f.startsWith(id))).toBe(true);
    }
  });
});
