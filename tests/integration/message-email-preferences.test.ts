/**
 * How staff messages reach a parent by e-mail follows the parent's saved choice, read when each message
 * is sent (`each` at once, `urgent_only`, a daily `digest` sent once per parent and day, even after a restart),
 * and every e-mail to that parent is in their saved language.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageDigests, outboxMessages, parentChildRelationships, parentUsers } from '../../db/schema';
import { createParentSession } from '../../src/server/auth/session';
import { drainMailQueue } from '../../src/server/services/mail-queue';
import { digestTick, queueDueDigests } from '../../src/server/communications/digest';
import { centre } from '../../src/shared/centre';
import { addChild, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { fakeClock } from '../helpers/server';

// Monday 23 November 2026, 10:00 at the centre.
const s = sharedAdminServer(() => ({ clock: fakeClock('2026-11-23T15:00:00Z') }));
/** A fresh staff session at the clock's time (the tests move the clock by days). */
const staff = async () => as(await s.adminCookie());

interface Family {
  child: ChildBody;
  email: string;
  parentId: string;
  auth: { headers: Record<string, string> };
}

async function family(name: string): Promise<Family> {
  const email = `${name}@example.com`;
  s.admin = await s.adminCookie();
  const child = await addChild(s, { childName: `${name} Junior`, parentName: `${name} Senior`, parentEmail: email });
  const parentId = s.db.insert(parentUsers).values({ email, firstName: name, lastName: 'Senior', passwordHash: 'x' }).returning().get().id;
  s.db.insert(parentChildRelationships).values({ parentId, childId: child.id, isPrimary: true }).run();
  const { token } = createParentSession(s.db, s.clock, parentId);
  return { child, email, parentId, auth: { headers: { authorization: `Bearer ${token}` } } };
}

const choose = async (f: Family, prefs: Record<string, unknown>) => {
  const res = await s.request('/api/parent/preferences', { method: 'PATCH', json: prefs, ...f.auth });
  expect(res.status).toBe(200);
};

const send = async (f: Family, subject: string, isUrgent = false) => {
  const res = await s.request('/api/admin/communications', {
    method: 'POST',
    json: { childId: f.child.id, subject, content: 'Words that stay behind the sign-in', isUrgent },
    ...(await staff()),
  });
  expect(res.status).toBe(201);
  return json<{ emailSent: boolean; emailError: string | null }>(res);
};

const mailsTo = (f: Family) =>
  s.db
    .select({ subject: outboxMessages.subject, text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, f.email))
    .all();

const digestDeps = () => ({ db: s.db, mailer: mailerOf(), clock: s.clock, config: s.config });
// The app's own mailer (the outbox here): a digest is sent as the running server would send it.
let mailerOf: () => Parameters<typeof digestTick>[0]['mailer'];

beforeAll(async () => {
  const { createMailer } = await import('../../src/server/services/mailer');
  const mailer = createMailer(s.config, s.db);
  mailerOf = () => mailer;
});

describe('message e-mails follow the parent’s choice', () => {
  it('each (the default): every message is e-mailed at once', async () => {
    const f = await family('each-parent');
    expect((await send(f, 'Lunch menu')).emailSent).toBe(true);
    expect((await send(f, 'Water day')).emailSent).toBe(true);
    const mails = mailsTo(f);
    expect(mails.map((m) => m.subject)).toEqual([
      `New message from ${centre.name} about each-parent Junior`,
      `New message from ${centre.name} about each-parent Junior`,
    ]);
    expect(mails[0]!.text).toContain('Dear each-parent Senior,');
    expect(mails[0]!.text).not.toContain('Words that stay behind the sign-in');
  });

  it('urgent_only: an ordinary message waits in the portal, an urgent one is e-mailed at once; the next message follows a change', async () => {
    const f = await family('urgent-parent');
    await choose(f, { messageEmails: 'urgent_only' });
    expect(await send(f, 'Picture day')).toMatchObject({ emailSent: false, emailError: null });
    expect(mailsTo(f)).toEqual([]);
    expect((await send(f, 'Fever', true)).emailSent).toBe(true);
    expect(mailsTo(f).map((m) => m.subject)).toEqual([`Urgent: New message from ${centre.name} about urgent-parent Junior`]);
    // The choice is read for each message: back to each, the next ordinary message is e-mailed.
    await choose(f, { messageEmails: 'each' });
    expect((await send(f, 'Picture day again')).emailSent).toBe(true);
    expect(mailsTo(f)).toHaveLength(2);
  });

  it('digest: one e-mail after 18:00 with the day’s messages, once per day, even when the tick runs again or after a restart', async () => {
    const f = await family('digest-parent');
    const other = await family('digest-quiet');
    await choose(f, { messageEmails: 'digest' });
    await choose(other, { messageEmails: 'digest' });
    s.clock.set('2026-11-24T14:00:00Z'); // Tuesday, 9:00 at the centre
    expect((await send(f, 'Book fair')).emailSent).toBe(false);
    expect((await send(f, 'Pajama day')).emailSent).toBe(false);
    // Urgent still goes at once, and is not counted again in the digest.
    expect((await send(f, 'Closing early', true)).emailSent).toBe(true);
    expect(mailsTo(f)).toHaveLength(1);

    // Before 18:00 at the centre nothing is due.
    s.clock.set('2026-11-24T22:59:00Z');
    expect(queueDueDigests(digestDeps())).toBe(0);

    s.clock.set('2026-11-24T23:05:00Z'); // 18:05 at the centre
    await digestTick(digestDeps());
    await drainMailQueue(s.db);
    const mails = mailsTo(f);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Your messages from ${centre.name} for November 24, 2026`);
    expect(mails[1]!.text).toContain(`You have 2 new messages from ${centre.name} today.`);
    expect(mails[1]!.text).not.toContain('Words that stay behind the sign-in');
    // A parent with nothing new gets no e-mail.
    expect(mailsTo(other)).toEqual([]);

    // The tick again, and again after a "restart" (nothing in memory: the table decides): no second digest.
    s.clock.set('2026-11-24T23:40:00Z');
    await digestTick(digestDeps());
    expect(queueDueDigests(digestDeps())).toBe(0);
    await drainMailQueue(s.db);
    expect(mailsTo(f)).toHaveLength(2);
    expect(s.db.select().from(messageDigests).where(eq(messageDigests.parentId, f.parentId)).all()).toMatchObject([
      { day: '2026-11-24', messageCount: 2 },
    ]);

    // The next day's digest has the next day's messages (one sent after the digest counts for tomorrow).
    s.clock.set('2026-11-25T15:00:00Z');
    await send(f, 'Thanksgiving hours');
    s.clock.set('2026-11-25T23:10:00Z');
    await digestTick(digestDeps());
    await drainMailQueue(s.db);
    expect(mailsTo(f)).toHaveLength(3);
    expect(mailsTo(f)[2]!.text).toContain(`You have 1 new message from ${centre.name} today.`);
  });
});

describe('e-mails in the parent’s language', () => {
  it('a parent who chose Spanish gets the message notice, the urgent notice, the document request and the digest in Spanish', async () => {
    const f = await family('spanish-parent');
    s.clock.set('2026-11-26T15:00:00Z');
    await choose(f, { language: 'es' });
    await send(f, 'Menú de la semana');
    await send(f, 'Fiebre', true);
    const request = await s.request('/api/admin/document-requests', {
      method: 'POST',
      json: { childId: f.child.id, documentType: 'immunization', title: 'Cartilla', description: 'Por favor', dueDate: '2026-12-15' },
      ...(await staff()),
    });
    expect(request.status).toBe(201);
    await choose(f, { messageEmails: 'digest' });
    await send(f, 'Excursión');
    s.clock.set('2026-11-26T23:30:00Z');
    await digestTick(digestDeps());
    await drainMailQueue(s.db);

    const mails = mailsTo(f);
    expect(mails.map((m) => m.subject)).toEqual([
      `Nuevo mensaje de ${centre.name} sobre spanish-parent Junior`,
      `Urgente: Nuevo mensaje de ${centre.name} sobre spanish-parent Junior`,
      'Documento solicitado para spanish-parent Junior: Cartilla',
      `Sus mensajes de ${centre.name} del 26 de noviembre de 2026`,
    ]);
    expect(mails[0]!.text).toContain('Estimado/a spanish-parent Senior:');
    expect(mails[0]!.text).toContain(`Tiene un mensaje nuevo de ${centre.name} sobre spanish-parent Junior.`);
    expect(mails[0]!.text).toContain('Un cordial saludo,');
    expect(mails[2]!.text).toContain('Cartilla (Registro de vacunas), a más tardar el 15 de diciembre de 2026.');
    expect(mails[3]!.text).toContain(`Hoy tiene 1 mensaje nuevo de ${centre.name}.`);
    // Their links go to the Spanish sign-in and the Spanish site, never the English pages.
    for (const m of mails) {
      expect(m.text).toContain(`${s.config.publicUrl}/es/parent-login`);
      expect(m.text).toContain(`${s.config.publicUrl}/es\n`);
      expect(m.text).not.toMatch(/\/parent-login\b(?<!\/es\/parent-login)|localhost:\d+\/\n/);
    }
    // No English chrome left: the centre's name, address and what staff typed are the only words not translated.
    for (const m of mails)
      for (const english of ['Dear', 'Please', 'Warm regards', 'Phone:', 'Website:', 'Monday', 'message', 'Document requested', 'due by'])
        expect({ subject: m.subject, english, found: m.text.includes(english) }).toMatchObject({ found: false });
  });
});
