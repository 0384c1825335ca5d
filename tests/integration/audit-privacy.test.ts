/**
 * What the append-only audit log keeps (ADR 064): field names, ids and values from fixed lists, never free text a
 * person typed about a child or a family. Each such text is written through the real paths, then looked for in
 * every row of audit_log; a status, a role, a date and a boolean keep their values.
 */
import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json, sampleChild } from '../helpers/enrollment-fixtures';
import { enrolFamily, type Family } from '../helpers/parent-fixtures';
import { checkedInEveryDay } from '../helpers/daily-fixtures';
import { AUDIT_CHANGED, keptFields } from '../../src/server/audit/fields';

const s = sharedAdminServer();
/** Friday 20 November 2026, 12:00 in Columbus. */
const NOON = '2026-11-20T17:00:00Z';
let fam: Family;
let childId: string;

beforeAll(async () => {
  s.clock.set(NOON);
  fam = await enrolFamily(s, 'private.audit@example.com', ['Pia Private'], [{ parentName: 'Paula Private' }]);
  childId = fam.children[0]!.id;
  // The daily-sheet note is about the day before, when Pia was there (the sheet takes entries for children who came).
  checkedInEveryDay(s, [childId], '2026-11-19', '2026-11-19');
});

const send = async (method: string, path: string, body?: unknown) => {
  const res = await s.request(path, { method, ...(body === undefined ? {} : { json: body }), ...as(s.admin) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return json<{ id: string }>(res);
};
const whole = () => JSON.stringify(s.db.select().from(auditLog).all());
const lastRow = () => s.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()!;

describe('free text never reaches the log', () => {
  it("a child's medical notes, on enrolment and on every change", async () => {
    const created = await send('POST', '/api/admin/enrolled-children', {
      ...sampleChild,
      parentEmail: 'medical.notes@example.com',
      notes: 'MEDICAL-ONE severe peanut allergy, EpiPen in the office',
    });
    expect(lastRow().fields).toMatchObject({ notes: AUDIT_CHANGED });
    await send('PUT', `/api/admin/enrolled-children/${created.id}`, {
      ...sampleChild,
      parentEmail: 'medical.notes@example.com',
      notes: 'MEDICAL-TWO asthma, inhaler in the blue bag',
    });
    expect(lastRow().fields).toMatchObject({ notes: AUDIT_CHANGED });
    expect(whole()).not.toMatch(/MEDICAL-ONE|MEDICAL-TWO|peanut|inhaler/);
  });

  it('a private development note, written and corrected', async () => {
    const note = await send('POST', '/api/admin/development-notes', {
      childId,
      category: 'social',
      title: 'DEVNOTE-TITLE worries at home',
      content: 'DEVNOTE-ONE cried about the parents separating',
      isPrivate: true,
    });
    await send('PUT', `/api/admin/development-notes/${note.id}`, {
      category: 'social',
      title: 'DEVNOTE-TITLE worries at home',
      content: 'DEVNOTE-TWO calmer after a talk',
      isPrivate: true,
    });
    expect(whole()).not.toMatch(/DEVNOTE-/);
    expect(lastRow().fields).toMatchObject({ content: AUDIT_CHANGED });
  });

  it('a daily-sheet note and its correction', async () => {
    const entry = await send('POST', '/api/admin/daily-entries', {
      childId,
      kind: 'note',
      at: '2026-11-19T16:30:00Z',
      details: { text: 'DAILYNOTE-ONE bruise on the left arm on arrival' },
    });
    await send('PATCH', `/api/admin/daily-entries/${entry.id}`, { details: { text: 'DAILYNOTE-TWO mother says it was a fall' } });
    expect(whole()).not.toMatch(/DAILYNOTE-|bruise/);
  });

  it('an attendance override reason (and who the child went with)', async () => {
    await send('POST', '/api/admin/attendance', { childId, kind: 'in', by: 'Paula Private', at: '2026-11-20T14:00:00Z' });
    await send('POST', '/api/admin/attendance', {
      childId,
      kind: 'out',
      by: 'OVERRIDE-PERSON Uncle Tom',
      override: true,
      reason: 'OVERRIDE-REASON mother in hospital, phoned at 3 PM',
    });
    expect(lastRow().fields).toMatchObject({ kind: 'out', override: true, reason: AUDIT_CHANGED, by: AUDIT_CHANGED });
    expect(whole()).not.toMatch(/OVERRIDE-|hospital/);
  });
});

describe('values from fixed lists are kept', () => {
  it('a role, a status, a date and a boolean', async () => {
    const invited = await send('POST', '/api/admin/staff', { email: 'kept.values@example.com', name: 'Kim Kept', role: 'teacher' });
    expect(lastRow().fields).toMatchObject({ role: 'teacher', name: AUDIT_CHANGED });
    await send('PATCH', `/api/admin/staff/${invited.id}`, { role: 'director' });
    expect(lastRow().fields).toMatchObject({ role: 'director' });
    await send('PATCH', `/api/admin/staff/${invited.id}`, { isActive: false });
    expect(lastRow()).toMatchObject({ action: 'status', fields: { isActive: false } });

    const event = await send('POST', '/api/events', { title: 'Pyjama day', description: 'Wear your pyjamas', eventDate: '2026-12-04' });
    await send('PUT', `/api/events/${event.id}`, { title: 'Pyjama day', description: 'Wear your pyjamas', eventDate: '2026-12-11' });
    expect(lastRow().fields).toMatchObject({ eventDate: '2026-12-11', description: AUDIT_CHANGED });
  });

  it('an unknown or nested field reads "changed", never null; an allowed field with text of another shape too', () => {
    expect(
      keptFields('child', {
        somethingNew: 'typed by a person',
        details: { text: 'nested' },
        status: 'Approved because the mother asked nicely',
        startDate: 'next Tuesday',
        childId: 'c-1',
        checkedInAt: new Date('2026-11-20T14:00:00Z'),
        amount: 425,
        photoConsent: true,
        cleared: null,
        password: 'secret-1',
      }),
    ).toEqual({
      somethingNew: AUDIT_CHANGED,
      details: AUDIT_CHANGED,
      status: AUDIT_CHANGED,
      startDate: AUDIT_CHANGED,
      childId: 'c-1',
      checkedInAt: '2026-11-20T14:00:00.000Z',
      amount: 425,
      photoConsent: true,
      cleared: null,
      password: null,
    });
  });

  it('a nested object or a list of them reads "changed" under every kind of allowed name too, never null', () => {
    const nested = { text: 'nested' };
    const names = ['status', 'amount', 'eventDate', 'checkedInAt', 'childId', 'childIds', 'file', 'somethingNew'];
    for (const value of [nested, [nested], [nested, 'c-1'], new Map([['a', 1]])])
      expect(keptFields('event', Object.fromEntries(names.map((name) => [name, value])))).toEqual(
        Object.fromEntries(names.map((name) => [name, AUDIT_CHANGED])),
      );
  });
});
