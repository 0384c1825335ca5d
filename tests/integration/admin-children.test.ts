import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  dailyActivities,
  enrolledChildren,
  outboxMessages,
  parentChildRelationships,
  parentEmails,
  parentSessions,
  parentUsers,
  paymentReceipts,
} from '../../db/schema';
import { verifyPassword } from '../../src/server/auth/password';
import { validateParentToken } from '../../src/server/auth/session';
import { fieldMessages } from '../../src/shared/schemas/fields';
import { englishFields } from '../helpers/english';
import { addChild, as, type ChildBody, sharedAdminServer } from '../helpers/admin-server';
import { json, sampleChild } from '../helpers/enrollment-fixtures';

const s = sharedAdminServer();
type LoginBody = {
  success: boolean;
  credentials: { email: string; password: string };
  isExisting: boolean;
  emailSent: boolean;
  emailVia: string | null;
  message: string;
  parentId: string;
};

const childRow = (id: string) => s.db.select().from(enrolledChildren).where(eq(enrolledChildren.id, id)).get();
const parentByEmail = (email: string) => s.db.select().from(parentUsers).where(eq(parentUsers.email, email)).get();
const generate = (id: string) => s.request(`/api/admin/generate-parent-login/${id}`, { method: 'POST', ...as(s.admin) });
const toggle = (id: string) => s.request(`/api/admin/enrolled-children/${id}/toggle-active`, { method: 'PATCH', ...as(s.admin) });
const reset = (id: string) => s.request(`/api/admin/reset-parent-password/${id}`, { method: 'POST', ...as(s.admin) });
const lastOutbox = () => s.db.select().from(outboxMessages).all().at(-1);

describe('POST /api/admin/enrolled-children', () => {
  it('adds a child with the form defaults (program preschool, active) and a lower-cased e-mail', async () => {
    const res = await s.request('/api/admin/enrolled-children', {
      method: 'POST',
      json: {
        childName: 'Ava Reed',
        dateOfBirth: '2024-02-01',
        startDate: '2026-12-01',
        parentName: 'Sam Reed',
        parentEmail: 'Sam.Reed@Example.com',
      },
      ...as(s.admin),
    });
    expect(res.status).toBe(201);
    const child = await json<ChildBody>(res);
    expect(child).toMatchObject({
      childName: 'Ava Reed',
      program: 'preschool',
      isActive: true,
      parentEmail: 'sam.reed@example.com',
      parentPhone: null,
      notes: null,
      applicationId: null,
    });
    expect(childRow(child.id)?.childName).toBe('Ava Reed');
  });

  const rejections: [string, Record<string, unknown>, string, string][] = [
    ['no child name', { childName: '  ' }, 'childName', "Child's name is required"],
    ['no date of birth', { dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    ['no start date', { startDate: undefined }, 'startDate', 'Start date is required'],
    ['no parent name', { parentName: '' }, 'parentName', 'Parent name is required'],
    ['no e-mail', { parentEmail: '' }, 'parentEmail', 'Email is required'],
    ['a malformed e-mail', { parentEmail: 'jin.park' }, 'parentEmail', 'Please enter a valid email address'],
    ['an unknown program', { program: 'space-camp' }, 'program', 'Please choose a program'],
    ['a date that does not exist', { dateOfBirth: '2023-02-30' }, 'dateOfBirth', 'Please enter a valid date (YYYY-MM-DD)'],
    ['a name far too long', { childName: 'x'.repeat(101) }, 'childName', 'Must be at most 100 characters'],
    ['a name that reads backwards (U+202E)', { childName: 'Ava \u202EdeeR' }, 'childName', 'Please remove invisible or control characters'],
    [
      'a zero-width space in the parent name',
      { parentName: 'Sam\u200B Reed' },
      'parentName',
      'Please remove invisible or control characters',
    ],
    [
      'a right-to-left mark in the e-mail',
      { parentEmail: 'sam\u200F@example.com' },
      'parentEmail',
      'Please remove invisible or control characters',
    ],
    ['a NUL in the notes', { notes: 'Allergic to\u0000 peanuts' }, 'notes', 'Please remove invisible or control characters'],
  ];
  it.each(rejections)('answers 400 to %s with its message and adds nothing', async (_name, change, field, message) => {
    const before = s.count(enrolledChildren);
    const res = await s.request('/api/admin/enrolled-children', { method: 'POST', json: { ...sampleChild, ...change }, ...as(s.admin) });
    expect(res.status).toBe(400);
    const body = await json<{ message: string; errors: Record<string, string> }>(res);
    expect(body.errors[field]).toBe(message);
    expect(s.count(enrolledChildren)).toBe(before);
  });

  it('stores names in NFC and keeps the line breaks of the notes', async () => {
    const child = await addChild(s, { childName: 'Zoe\u0308 Reed', notes: 'Asthma\r\nInhaler in the blue bag' });
    expect(childRow(child.id)).toMatchObject({ childName: 'Zo\u00eb Reed', notes: 'Asthma\r\nInhaler in the blue bag' });
  });

  it('refuses the same input through tRPC', async () => {
    const before = s.count(enrolledChildren);
    const err = await s
      .caller('admin')
      .children.create({ ...sampleChild, parentEmail: '' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'BAD_REQUEST' });
    expect(englishFields(fieldMessages((err as { cause: ZodError }).cause)).parentEmail).toBe('Email is required');
    expect(s.count(enrolledChildren)).toBe(before);
  });
});

describe('GET /api/admin/enrolled-children', () => {
  it('lists every child, active or not, by name, the same over REST and tRPC', async () => {
    const zed = await addChild(s, { childName: 'Zed Adams' });
    const abe = await addChild(s, { childName: 'Abe Adams', isActive: false });
    const res = await s.request('/api/admin/enrolled-children', as(s.admin));
    expect(res.status).toBe(200);
    const list = await json<ChildBody[]>(res);
    const names = list.map((c) => c.childName);
    expect(names).toEqual([...names].sort());
    expect(list.find((c) => c.id === abe.id)).toMatchObject({ isActive: false });
    expect(list.find((c) => c.id === zed.id)).toMatchObject({
      isActive: true,
      program: 'kindergarten',
      dateOfBirth: '2022-08-30',
      parentPhone: '614-555-0123',
    });
    expect((await s.caller('admin').children.list()).map((c) => c.id)).toEqual(list.map((c) => c.id));
  });
});

describe('PUT /api/admin/enrolled-children/{id}', () => {
  it('saves every field', async () => {
    const child = await addChild(s);
    const res = await s.request(`/api/admin/enrolled-children/${child.id}`, {
      method: 'PUT',
      json: { ...sampleChild, childName: 'Noah J. Park', program: 'infant', parentPhone: '', notes: '' },
      ...as(s.admin),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      id: child.id,
      childName: 'Noah J. Park',
      program: 'infant',
      parentPhone: null,
      notes: null,
      parentEmail: 'jin.park@example.com',
    });
    expect(childRow(child.id)).toMatchObject({ childName: 'Noah J. Park', program: 'infant' });
  });

  it('answers 400 with the message and changes nothing', async () => {
    const child = await addChild(s);
    const res = await s.request(`/api/admin/enrolled-children/${child.id}`, {
      method: 'PUT',
      json: { ...sampleChild, parentName: '' },
      ...as(s.admin),
    });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string> }>(res)).errors.parentName).toBe('Parent name is required');
    expect(childRow(child.id)?.parentName).toBe('Jin Park');
  });

  it('answers 404 for an unknown child, through REST and tRPC', async () => {
    const res = await s.request('/api/admin/enrolled-children/no-such-id', { method: 'PUT', json: sampleChild, ...as(s.admin) });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toBe('Child not found');
    await expect(s.caller('admin').children.update({ ...sampleChild, id: 'no-such-id' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('takes the id from the path, not the body', async () => {
    const a = await addChild(s, { childName: 'Path Child' });
    const b = await addChild(s, { childName: 'Body Child' });
    await s.request(`/api/admin/enrolled-children/${a.id}`, {
      method: 'PUT',
      json: { ...sampleChild, id: b.id, childName: 'Renamed' },
      ...as(s.admin),
    });
    expect(childRow(a.id)?.childName).toBe('Renamed');
    expect(childRow(b.id)?.childName).toBe('Body Child');
  });
});

describe('PATCH /api/admin/enrolled-children/{id}/toggle-active', () => {
  it('flips the status and says so in words', async () => {
    const child = await addChild(s, { childName: 'Emma Lopez' });
    const off = await toggle(child.id);
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({
      success: true,
      message: 'Emma Lopez is now inactive.',
      // The page says it from the staff catalogue (ADR 086): the notice's id and its values.
      notice: { id: 'staff.notice.childInactive', values: { child: 'Emma Lopez' } },
      child: { id: child.id, isActive: false },
    });
    expect(childRow(child.id)?.isActive).toBe(false);
    const on = await s.caller('admin').children.toggleActive(child.id);
    expect(on).toMatchObject({
      message: 'Emma Lopez is now active.',
      notice: { id: 'staff.notice.childActive', values: { child: 'Emma Lopez' } },
      child: { isActive: true },
    });
    expect(childRow(child.id)?.isActive).toBe(true);
  });

  it('answers 404 for an unknown child', async () => {
    expect((await toggle('no-such-id')).status).toBe(404);
  });
});

describe('DELETE /api/admin/enrolled-children/{id}', () => {
  it('removes the child and what hangs off it, keeping receipts as history', async () => {
    const child = await addChild(s);
    await generate(child.id);
    s.db
      .insert(dailyActivities)
      .values({ childId: child.id, activityDate: '2026-11-20', category: 'play', title: 'Blocks', description: 'Tower' })
      .run();
    const receipt = s.db
      .insert(paymentReceipts)
      .values({
        childId: child.id,
        childName: child.childName,
        parentName: 'Jin Park',
        parentEmail: child.parentEmail,
        paymentType: 'tuition',
        amount: '250.00',
        paymentMethod: 'cash',
        paymentDate: '2026-11-01',
        receiptNumber: `R-${child.id}`,
      })
      .returning({ id: paymentReceipts.id })
      .get();

    const res = await s.request(`/api/admin/enrolled-children/${child.id}`, { method: 'DELETE', ...as(s.admin) });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      success: true,
      id: child.id,
      message: `${child.childName} has been removed.`,
      notice: { id: 'staff.notice.childRemoved', values: { child: child.childName } },
    });
    expect(childRow(child.id)).toBeUndefined();
    expect(s.db.select().from(parentChildRelationships).where(eq(parentChildRelationships.childId, child.id)).all()).toEqual([]);
    expect(s.db.select().from(dailyActivities).where(eq(dailyActivities.childId, child.id)).all()).toEqual([]);
    expect(s.db.select({ childId: paymentReceipts.childId }).from(paymentReceipts).where(eq(paymentReceipts.id, receipt.id)).get()).toEqual(
      { childId: null },
    );
    // The parent's only child is gone, so the account is closed too.
    expect(parentByEmail(child.parentEmail)?.isActive).toBe(false);

    expect((await s.request(`/api/admin/enrolled-children/${child.id}`, { method: 'DELETE', ...as(s.admin) })).status).toBe(404);
  });
});

describe('POST /api/admin/generate-parent-login/{id}', () => {
  it('creates the parent account, links it, hashes with argon2id and e-mails the credentials', async () => {
    const child = await addChild(s, { childName: 'Lily Chen', parentName: 'Wei  Chen', parentEmail: 'Wei.Chen@Example.com' });
    const outboxBefore = s.count(outboxMessages);
    const res = await generate(child.id);
    expect(res.status).toBe(200);
    const body = await json<LoginBody>(res);
    expect(body).toMatchObject({
      success: true,
      isExisting: false,
      emailSent: true,
      emailVia: 'outbox',
      credentials: { email: 'wei.chen@example.com' },
    });
    expect(body.credentials.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(body.message).toContain('wei.chen@example.com');
    expect(body).toMatchObject({ notice: { id: 'staff.notice.accountCreatedOutbox', values: { email: 'wei.chen@example.com' } } });

    const parent = parentByEmail('wei.chen@example.com')!;
    expect(parent).toMatchObject({ firstName: 'Wei', lastName: 'Chen', phone: '614-555-0123', isActive: true });
    expect(parent.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(parent.passwordHash).not.toContain(body.credentials.password);
    expect(await verifyPassword(parent.passwordHash, body.credentials.password)).toBe(true);

    const link = s.db.select().from(parentChildRelationships).where(eq(parentChildRelationships.parentId, parent.id)).all();
    expect(link).toMatchObject([{ childId: child.id, relationship: 'parent', isPrimary: true }]);

    // The e-mail is in the outbox (no SMTP_URL here); the parent_emails log never keeps the password.
    expect(s.count(outboxMessages)).toBe(outboxBefore + 1);
    const logged = s.db
      .select()
      .from(parentEmails)
      .all()
      .find((e) => e.recipients.includes('wei.chen@example.com'))!;
    expect(logged.subject).toBe('Your Parent Portal login for Little Buckeyes Learning Center');
    expect(logged.sentBy).toBe('director@example.com');
    expect(logged.content).not.toContain(body.credentials.password);
    expect(logged.content).toContain('••••••••');
  });

  it('answers a masked password for an account that exists, and sends nothing', async () => {
    const child = await addChild(s);
    const first = await json<LoginBody>(await generate(child.id));
    const outboxBefore = s.count(outboxMessages);
    const res = await generate(child.id);
    expect(res.status).toBe(200);
    const again = await json<LoginBody>(res);
    expect(again).toEqual({
      success: true,
      parentId: first.parentId,
      credentials: { email: child.parentEmail, password: '••••••••' },
      isExisting: true,
      emailSent: false,
      emailVia: null,
      emailError: null,
      message: 'This parent already has a Parent Portal account. They can sign in with their existing password.',
      notice: { id: 'staff.notice.accountExists', values: {} },
    });
    expect(s.count(outboxMessages)).toBe(outboxBefore);
    expect(s.db.select().from(parentChildRelationships).where(eq(parentChildRelationships.childId, child.id)).all()).toHaveLength(1);
  });

  it('gives a parent of two children one account linked to both', async () => {
    const older = await addChild(s, { childName: 'Mia Ortiz', parentEmail: 'ortiz@example.com' });
    const younger = await addChild(s, { childName: 'Leo Ortiz', parentEmail: 'ORTIZ@example.com' });
    const a = await json<LoginBody>(await generate(older.id));
    const b = await s.caller('admin').children.generateParentLogin(younger.id);
    expect(a.isExisting).toBe(false);
    expect(b.isExisting).toBe(true);
    expect(b.parentId).toBe(a.parentId);
    expect(s.db.select().from(parentUsers).where(eq(parentUsers.email, 'ortiz@example.com')).all()).toHaveLength(1);
    const links = s.db
      .select({ childId: parentChildRelationships.childId })
      .from(parentChildRelationships)
      .where(eq(parentChildRelationships.parentId, a.parentId))
      .all();
    expect(links.map((l) => l.childId).sort()).toEqual([older.id, younger.id].sort());
  });

  it('creates one account when two requests for the same parent race', async () => {
    const one = await addChild(s, { parentEmail: 'race@example.com' });
    const two = await addChild(s, { parentEmail: 'race@example.com' });
    const [a, b] = await Promise.all([generate(one.id), generate(two.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const bodies = [await json<LoginBody>(a), await json<LoginBody>(b)];
    expect(bodies.map((x) => x.isExisting).sort()).toEqual([false, true]);
    expect(s.db.select().from(parentUsers).where(eq(parentUsers.email, 'race@example.com')).all()).toHaveLength(1);
    expect(
      s.db.select().from(parentChildRelationships).where(eq(parentChildRelationships.parentId, bodies[0]!.parentId)).all(),
    ).toHaveLength(2);
  });

  it('refuses an inactive child and creates nothing', async () => {
    const child = await addChild(s, { isActive: false });
    const res = await generate(child.id);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toContain('inactive');
    expect(parentByEmail(child.parentEmail)).toBeUndefined();
  });

  it('answers 404 for an unknown child', async () => {
    const res = await generate('no-such-id');
    expect(res.status).toBe(404);
    await expect(s.caller('admin').children.generateParentLogin('no-such-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('POST /api/admin/reset-parent-password/{id}', () => {
  it('gives the account a new password, ends its sessions and e-mails the new credentials', async () => {
    const child = await addChild(s, { childName: 'Ruby Stone', parentName: 'Kim Stone', parentEmail: 'kim.stone@example.com' });
    const first = await json<LoginBody>(await generate(child.id));
    const { token } = await s.parentToken('kim.stone@example.com');
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();
    const outboxBefore = s.count(outboxMessages);

    const res = await reset(child.id);
    expect(res.status).toBe(200);
    const body = await json<LoginBody>(res);
    expect(body).toMatchObject({
      success: true,
      parentId: first.parentId,
      isExisting: false,
      emailSent: true,
      emailVia: 'outbox',
      emailError: null,
      credentials: { email: 'kim.stone@example.com' },
    });
    expect(body.credentials.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(body.credentials.password).not.toBe(first.credentials.password);
    expect(body.message).toContain('kim.stone@example.com');
    expect(body.message).toContain('Outbox');
    expect(body).toMatchObject({ notice: { id: 'staff.notice.passwordResetOutbox', values: { email: 'kim.stone@example.com' } } });

    const parent = parentByEmail('kim.stone@example.com')!;
    expect(parent.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(parent.passwordHash, body.credentials.password)).toBe(true);
    expect(await verifyPassword(parent.passwordHash, first.credentials.password)).toBe(false);
    expect(parent.isActive).toBe(true);

    // Signed out everywhere.
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
    expect(s.db.select().from(parentSessions).where(eq(parentSessions.parentId, parent.id)).all()).toEqual([]);

    // The credentials e-mail goes out with the new password; the log keeps it masked.
    expect(s.count(outboxMessages)).toBe(outboxBefore + 1);
    expect(lastOutbox()).toMatchObject({
      toAddress: 'kim.stone@example.com',
      subject: 'Your Parent Portal login for Little Buckeyes Learning Center',
    });
    expect(lastOutbox()!.textBody).toContain(`Password: ${body.credentials.password}`);
    expect(lastOutbox()!.textBody).toContain('Kim Stone');
    const logged = s.db
      .select()
      .from(parentEmails)
      .all()
      .filter((e) => e.recipients.includes('kim.stone@example.com'))
      .at(-1)!;
    expect(logged.content).not.toContain(body.credentials.password);
    expect(logged.content).toContain('••••••••');
  });

  it('works the same through tRPC, and a second reset makes the first password useless', async () => {
    const child = await addChild(s);
    await generate(child.id);
    const a = await s.caller('admin').children.resetParentPassword(child.id);
    const b = await s.caller('admin').children.resetParentPassword(child.id);
    expect(a.credentials.password).not.toBe(b.credentials.password);
    const parent = parentByEmail(child.parentEmail)!;
    expect(await verifyPassword(parent.passwordHash, a.credentials.password)).toBe(false);
    expect(await verifyPassword(parent.passwordHash, b.credentials.password)).toBe(true);
    expect(b).toMatchObject({ success: true, emailSent: true, credentials: { email: child.parentEmail } });
  });

  it('answers 404 for an unknown child and for a child whose parent has no account, changing nothing', async () => {
    const unknown = await reset('no-such-id');
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe('Child not found');
    await expect(s.caller('admin').children.resetParentPassword('no-such-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const child = await addChild(s);
    const outboxBefore = s.count(outboxMessages);
    const none = await reset(child.id);
    expect(none.status).toBe(404);
    expect((await json(none)).message).toContain('no Parent Portal account');
    expect(parentByEmail(child.parentEmail)).toBeUndefined();
    expect(s.count(outboxMessages)).toBe(outboxBefore);
  });

  it('refuses an inactive child and leaves the password alone', async () => {
    const child = await addChild(s);
    await generate(child.id);
    const hashBefore = parentByEmail(child.parentEmail)!.passwordHash;
    await toggle(child.id);
    const res = await reset(child.id);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toContain('inactive');
    expect(parentByEmail(child.parentEmail)!.passwordHash).toBe(hashBefore);
  });
});

describe('parent accounts follow their children', () => {
  it("deactivating a child closes its only parent's account and ends the sessions; re-activating re-opens it", async () => {
    const email = 'solo.parent@example.com';
    const { token, parentId } = await s.parentToken(email);
    const { token: token2 } = await s.parentToken(email);
    const child = await addChild(s, { childName: 'Solo Child', parentEmail: email });
    expect((await json<LoginBody>(await generate(child.id))).isExisting).toBe(true);
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();

    const res = await json<{ message: string; notice: unknown }>(await toggle(child.id));
    expect(res.message).toBe('Solo Child is now inactive. Their parent account has been deactivated.');
    expect(res.notice).toEqual({ id: 'staff.notice.childInactiveParent', values: { child: 'Solo Child' } });
    expect(parentByEmail(email)?.isActive).toBe(false);
    expect(s.db.select().from(parentSessions).where(eq(parentSessions.parentId, parentId)).all()).toEqual([]);
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
    expect(validateParentToken(s.db, s.clock, token2)).toBeNull();

    await toggle(child.id);
    expect(parentByEmail(email)?.isActive).toBe(true);
  });

  it('keeps the account of a parent who still has another active child', async () => {
    const email = 'two.kids@example.com';
    const a = await addChild(s, { childName: 'First Kid', parentEmail: email });
    const b = await addChild(s, { childName: 'Second Kid', parentEmail: email });
    await generate(a.id);
    await generate(b.id);
    const { token, parentId } = await s.parentToken(email);

    expect((await json<{ message: string }>(await toggle(a.id))).message).toBe('First Kid is now inactive.');
    expect(parentByEmail(email)?.isActive).toBe(true);
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();

    await toggle(b.id);
    expect(parentByEmail(email)?.isActive).toBe(false);
    expect(
      s.db
        .select()
        .from(parentSessions)
        .where(and(eq(parentSessions.parentId, parentId)))
        .all(),
    ).toEqual([]);
  });

  const linksOf = (childId: string) =>
    s.db
      .select({ email: parentUsers.email })
      .from(parentChildRelationships)
      .innerJoin(parentUsers, eq(parentUsers.id, parentChildRelationships.parentId))
      .where(eq(parentChildRelationships.childId, childId))
      .all()
      .map((r) => r.email);
  const edit = (id: string, fields: Record<string, unknown>) =>
    s.request(`/api/admin/enrolled-children/${id}`, { method: 'PUT', json: { ...sampleChild, ...fields }, ...as(s.admin) });

  it('a new Parent Email unlinks the old parent, whose account (left with no active child) is closed and signed out', async () => {
    const child = await addChild(s, { parentEmail: 'old.parent@example.com' });
    const old = await json<LoginBody>(await generate(child.id));
    const { token } = await s.parentToken('old.parent@example.com');
    expect(linksOf(child.id)).toEqual(['old.parent@example.com']);

    const res = await edit(child.id, { parentEmail: 'New.Parent@example.com' });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ parentEmail: 'new.parent@example.com' });
    expect(
      s.db
        .select()
        .from(parentChildRelationships)
        .where(and(eq(parentChildRelationships.parentId, old.parentId), eq(parentChildRelationships.childId, child.id)))
        .all(),
    ).toEqual([]);
    expect(parentByEmail('old.parent@example.com')?.isActive).toBe(false);
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
    expect(s.db.select().from(parentSessions).where(eq(parentSessions.parentId, old.parentId)).all()).toEqual([]);

    // A login now goes to the new e-mail only.
    const fresh = await json<LoginBody>(await generate(child.id));
    expect(fresh).toMatchObject({ isExisting: false, credentials: { email: 'new.parent@example.com' } });
    expect(fresh.parentId).not.toBe(old.parentId);
    expect(linksOf(child.id)).toEqual(['new.parent@example.com']);
    expect(parentByEmail('old.parent@example.com')?.isActive).toBe(false);
  });

  it('a new Parent Email keeps the old account open while it has another active child, without this child', async () => {
    const email = 'shared.parent@example.com';
    const stays = await addChild(s, { childName: 'Stays Linked', parentEmail: email });
    const moves = await addChild(s, { childName: 'Moves Away', parentEmail: email });
    await generate(stays.id);
    await generate(moves.id);
    const { token } = await s.parentToken(email);

    await s
      .caller('admin')
      .children.update({ ...sampleChild, id: moves.id, childName: 'Moves Away', parentEmail: 'other.parent@example.com' });
    expect(linksOf(moves.id)).toEqual([]);
    expect(linksOf(stays.id)).toEqual([email]);
    expect(parentByEmail(email)?.isActive).toBe(true);
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();
  });

  it('the same Parent Email in other letters, or other fields changing, keeps the link', async () => {
    const email = 'kept.parent@example.com';
    const child = await addChild(s, { parentEmail: email });
    await generate(child.id);
    const { token } = await s.parentToken(email);
    expect(
      (await edit(child.id, { parentEmail: 'KEPT.Parent@Example.com', childName: 'Renamed Child', parentName: 'Renamed Parent' })).status,
    ).toBe(200);
    expect(linksOf(child.id)).toEqual([email]);
    expect(parentByEmail(email)?.isActive).toBe(true);
    expect(validateParentToken(s.db, s.clock, token)).not.toBeNull();
  });

  it('a new Parent Email and a switch to inactive in one edit close the old account once', async () => {
    const child = await addChild(s, { parentEmail: 'both.changes@example.com' });
    await generate(child.id);
    const { token } = await s.parentToken('both.changes@example.com');
    expect((await edit(child.id, { parentEmail: 'after.both@example.com', isActive: false })).status).toBe(200);
    expect(linksOf(child.id)).toEqual([]);
    expect(parentByEmail('both.changes@example.com')?.isActive).toBe(false);
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
  });

  it('applies the same rule when the edit form switches a child off', async () => {
    const email = 'edited@example.com';
    const child = await addChild(s, { parentEmail: email });
    await generate(child.id);
    const { token } = await s.parentToken(email);
    await s.request(`/api/admin/enrolled-children/${child.id}`, {
      method: 'PUT',
      json: { ...sampleChild, parentEmail: email, isActive: false },
      ...as(s.admin),
    });
    expect(parentByEmail(email)?.isActive).toBe(false);
    expect(validateParentToken(s.db, s.clock, token)).toBeNull();
  });
});
