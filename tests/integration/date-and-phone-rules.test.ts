import { describe, expect, it } from 'vitest';
import { announcements, documentRequests, enrolledChildren, enrollmentApplications } from '../../db/schema';
import { DUE_DATE_IN_PAST } from '../../src/shared/schemas/communication';
import { EXPIRY_BEFORE_POSTING } from '../../src/shared/schemas/content';
import { BIRTH_DATE_IN_FUTURE, BIRTH_DATE_TOO_EARLY, isValidPhone } from '../../src/shared/schemas/fields';
import { START_DATE_IN_PAST } from '../../src/shared/schemas/enrollment';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json, sampleApplication, sampleChild } from '../helpers/enrollment-fixtures';
import { english } from '../helpers/english';

/**
 * The rules that depend on the day are the server's, with its own clock (a fake one here),
 * in the centre's time zone; phones are 10 digits with an optional +1, over REST and tRPC alike.
 */
const s = sharedAdminServer();
type ErrorBody = { message: string; errors: Record<string, string> };

// 03:00 UTC on 22 November is still 22:00 on 21 November in Columbus.
const LATE_EVENING = '2026-11-22T03:00:00Z';
const apply = (change: Record<string, unknown>) =>
  s.request('/api/enrollment', { method: 'POST', json: { ...sampleApplication, ...change } });
// A session signed in at the clock's time (moving the fake clock ends older sessions).
const addChild = async (change: Record<string, unknown>) =>
  s.request('/api/admin/enrolled-children', { method: 'POST', json: { ...sampleChild, ...change }, ...as(await s.adminCookie()) });

describe('an application (POST /api/enrollment and enrollment.submit)', () => {
  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a birth date in the future', { childDateOfBirth: '2030-01-01' }, 'childDateOfBirth', english(BIRTH_DATE_IN_FUTURE)],
    ['a birth date tomorrow in Columbus', { childDateOfBirth: '2026-11-22' }, 'childDateOfBirth', english(BIRTH_DATE_IN_FUTURE)],
    ['a birth date more than 13 years back', { childDateOfBirth: '2013-11-20' }, 'childDateOfBirth', english(BIRTH_DATE_TOO_EARLY)],
    ['a start date in 2020', { startDate: '2020-09-01' }, 'startDate', english(START_DATE_IN_PAST)],
    ['a start date yesterday in Columbus', { startDate: '2026-11-20' }, 'startDate', english(START_DATE_IN_PAST)],
    [
      'letters for the emergency phone',
      { emergencyContactPhone: 'abcdefghijk' },
      'emergencyContactPhone',
      'Please enter a valid phone number',
    ],
    ['eleven digits without a leading 1', { parentPhone: '614-555-01999' }, 'parentPhone', 'Please enter a valid phone number'],
    ['nine digits padded with spaces', { parentPhone: '614 555 019 ' }, 'parentPhone', 'Please enter a valid phone number'],
    ['a pediatrician phone of letters', { pediatricianPhone: 'call the clinic' }, 'pediatricianPhone', 'Please enter a valid phone number'],
  ];

  it.each(refused)('refuses %s at its field and stores nothing', async (_name, change, field, message) => {
    s.clock.set(LATE_EVENING);
    const before = s.count(enrollmentApplications);
    const res = await apply(change);
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors[field]).toBe(message);
    expect(s.count(enrollmentApplications)).toBe(before);
  });

  it('refuses them through tRPC with the message at the field', async () => {
    s.clock.set(LATE_EVENING);
    await expect(s.caller().enrollment.submit({ ...sampleApplication, startDate: '2026-11-20' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: english(START_DATE_IN_PAST),
    });
    await expect(s.caller().enrollment.submit({ ...sampleApplication, childDateOfBirth: '2031-02-01' })).rejects.toMatchObject({
      message: english(BIRTH_DATE_IN_FUTURE),
    });
  });

  it("accepts today's date in Columbus (already tomorrow in UTC) as a start date and as a birth date, and exactly 13 years back", async () => {
    s.clock.set(LATE_EVENING);
    expect((await apply({ startDate: '2026-11-21', childDateOfBirth: '2026-11-21' })).status).toBe(201);
    expect((await apply({ childDateOfBirth: '2013-11-21' })).status).toBe(201);
  });

  it('accepts the ways people write a phone number', async () => {
    for (const phone of ['(614) 555-0199', '614.555.0199', '614 555 0199', '+1 614-555-0199', '1-614-555-0199', '6145550199']) {
      expect((await apply({ parentPhone: phone, emergencyContactPhone: phone, pediatricianPhone: phone })).status, phone).toBe(201);
    }
    expect((await apply({ pediatricianPhone: '' })).status).toBe(201);
  });

  it('moves with the clock: a start date valid today is refused once the day has passed', async () => {
    s.clock.set('2026-12-01T15:00:00Z');
    expect((await apply({ startDate: '2026-12-01' })).status).toBe(201);
    s.clock.set('2026-12-02T15:00:00Z');
    expect((await apply({ startDate: '2026-12-01' })).status).toBe(400);
  });
});

describe('Add Child and Edit Child (POST and PUT /api/admin/enrolled-children)', () => {
  it('refuses a 2031 birth date and one more than 13 years back, over REST and tRPC', async () => {
    s.clock.set(LATE_EVENING);
    const before = s.count(enrolledChildren);
    const future = await addChild({ dateOfBirth: '2031-03-01' });
    expect(future.status).toBe(400);
    expect((await json<ErrorBody>(future)).errors.dateOfBirth).toBe(english(BIRTH_DATE_IN_FUTURE));
    const old = await addChild({ dateOfBirth: '2010-01-01' });
    expect((await json<ErrorBody>(old)).errors.dateOfBirth).toBe(english(BIRTH_DATE_TOO_EARLY));
    await expect(s.caller('admin').children.create({ ...sampleChild, dateOfBirth: '2026-11-22' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: english(BIRTH_DATE_IN_FUTURE),
    });
    expect(s.count(enrolledChildren)).toBe(before);
  });

  it('keeps a start date in the past (children already enrolled started earlier)', async () => {
    s.clock.set(LATE_EVENING);
    expect((await addChild({ startDate: '2024-09-03' })).status).toBe(201);
  });

  it('refuses a future birth date on edit too', async () => {
    s.clock.set(LATE_EVENING);
    const created = await json<{ id: string }>(await addChild({}));
    const res = await s.request(`/api/admin/enrolled-children/${created.id}`, {
      method: 'PUT',
      json: { ...sampleChild, dateOfBirth: '2027-01-01' },
      ...as(await s.adminCookie()),
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors.dateOfBirth).toBe(english(BIRTH_DATE_IN_FUTURE));
  });

  it('refuses a parent phone that is not a phone number, and takes a blank one as none', async () => {
    const res = await addChild({ parentPhone: '555-01' });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors.parentPhone).toBe('Please enter a valid phone number');
    const blank = await addChild({ parentPhone: '' });
    expect(blank.status).toBe(201);
    expect((await json<{ parentPhone: string | null }>(blank)).parentPhone).toBeNull();
  });
});

describe('isValidPhone', () => {
  it('takes 10 digits once spaces, dots, dashes and brackets are gone, with an optional +1', () => {
    expect(isValidPhone('+1 (614) 555-0199')).toBe(true);
    expect(isValidPhone('+2 614 555 0199')).toBe(false);
    expect(isValidPhone('614/555/0199')).toBe(false);
    expect(isValidPhone('１２３４５６７８９０')).toBe(false);
  });
});

describe('dates in the past', () => {
  const post = async (path: string, body: Record<string, unknown>, method = 'POST') =>
    s.request(path, { method, json: body, ...as(await s.adminCookie()) });
  const announcement = {
    title: 'Picture day',
    content: 'Smiles on',
    category: 'general' as const,
    priority: 'normal' as const,
    isPublic: true,
  };

  it('refuses an announcement that would expire before it is posted (yesterday in Columbus), at the field, over REST and tRPC', async () => {
    s.clock.set(LATE_EVENING);
    const before = s.count(announcements);
    const res = await post('/api/announcements', { ...announcement, expiresAt: '2026-11-20' });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors.expiresAt).toBe(english(EXPIRY_BEFORE_POSTING));
    await expect(s.caller('admin').announcements.create({ ...announcement, expiresAt: '2026-11-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: english(EXPIRY_BEFORE_POSTING),
    });
    expect(s.count(announcements)).toBe(before);
    expect((await post('/api/announcements', { ...announcement, expiresAt: '2026-11-21' })).status).toBe(201);
    expect((await post('/api/announcements', { ...announcement, expiresAt: '' })).status).toBe(201);
  });

  it('lets an edit end an announcement early, but not before the day it was posted', async () => {
    s.clock.set('2026-11-10T15:00:00Z');
    const created = await json<{ id: string }>(await post('/api/announcements', { ...announcement, expiresAt: '2026-12-31' }));
    s.clock.set(LATE_EVENING);
    expect((await post(`/api/announcements/${created.id}`, { ...announcement, expiresAt: '2026-11-15' }, 'PUT')).status).toBe(200);
    const res = await post(`/api/announcements/${created.id}`, { ...announcement, expiresAt: '2026-11-09' }, 'PUT');
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors.expiresAt).toBe(english(EXPIRY_BEFORE_POSTING));
    expect((await post('/api/announcements/no-such-id', { ...announcement, expiresAt: '2026-11-09' }, 'PUT')).status).toBe(404);
  });

  it('refuses a document request due yesterday (in Columbus), at the field, and stores nothing', async () => {
    s.clock.set(LATE_EVENING);
    const child = await json<{ id: string }>(await addChild({ parentEmail: 'due.dates@example.com' }));
    const request = {
      childId: child.id,
      title: 'Immunization record',
      description: 'Please send the latest',
      documentType: 'immunization' as const,
    };
    const before = s.count(documentRequests);
    const res = await post('/api/admin/document-requests', { ...request, dueDate: '2026-11-20' });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).errors.dueDate).toBe(english(DUE_DATE_IN_PAST));
    await expect(s.caller('admin').communications.requestDocument({ ...request, dueDate: '2026-01-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: english(DUE_DATE_IN_PAST),
    });
    expect(s.count(documentRequests)).toBe(before);
    const today = await post('/api/admin/document-requests', { ...request, dueDate: '2026-11-21' });
    expect(today.status).toBe(201);
    expect((await json<{ status: string }>(today)).status).toBe('pending');
  });
});
