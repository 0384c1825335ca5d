import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { adminSessions, adminUsers, announcements, enrolledChildren, enrollmentApplications, events } from '../../db/schema';
import { ADMIN_EVENT_CATEGORIES, ANNOUNCEMENT_CATEGORIES } from '../../src/shared/constants';
import { fieldMessages } from '../../src/shared/schemas/fields';
import { englishFields } from '../helpers/english';
import { startTestServer, type TestServer } from '../helpers/server';

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer(); // clock: 2026-11-21T15:00Z
  cookie = await s.adminCookie();
});
afterAll(() => s.close());

const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  s.request(path, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } });

interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

describe('events (admin)', () => {
  const valid = {
    title: 'Harvest Parade',
    description: 'Costumes welcome',
    eventDate: '2026-11-26',
    startTime: '09:30',
    endTime: '10:30',
    category: 'general',
    isPublic: true,
    location: 'Playground',
  };

  it.each(ADMIN_EVENT_CATEGORIES)('accepts the admin form category %s', async (category) => {
    const res = await asAdmin('/api/events', { method: 'POST', json: { ...valid, category } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; category: string; location: string };
    expect(body).toMatchObject({ category, location: 'Playground', startTime: '09:30' });
    expect(s.db.select().from(events).where(eq(events.id, body.id)).get()?.category).toBe(category);
  });

  it('defaults the category to general and stores blank optional fields as null', async () => {
    const res = await asAdmin('/api/events', {
      method: 'POST',
      json: { title: 'Quiet day', description: 'Reading', eventDate: '2026-11-30', startTime: '', endTime: '', location: '' },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ category: 'general', startTime: null, endTime: null, location: null, isPublic: true });
  });

  const rejections: [string, Record<string, unknown>, string, string][] = [
    ['a missing title', { title: '' }, 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a missing description', { description: undefined }, 'description', 'Description is required'],
    ['a missing date', { eventDate: '' }, 'eventDate', 'Date is required'],
    ['an impossible date', { eventDate: '2026-02-30' }, 'eventDate', 'Please enter a valid date (YYYY-MM-DD)'],
    ['an unknown category', { category: 'pool-party' }, 'category', 'Please choose a category'],
    ['a malformed time', { startTime: '9am' }, 'startTime', 'Please enter a time as HH:MM'],
    ['an end before the start', { startTime: '11:00', endTime: '10:00' }, 'endTime', 'End time must be after the start time'],
    ['an over-long title', { title: 'x'.repeat(201) }, 'title', 'Must be at most 200 characters'],
    ['a title that reads backwards (U+202E)', { title: 'Parade \u202Eedarap' }, 'title', 'Please remove invisible or control characters'],
    ['a zero-width joiner in the title', { title: 'Har\u200Dvest' }, 'title', 'Please remove invisible or control characters'],
    ['a NUL in the description', { description: 'Costumes\u0000 welcome' }, 'description', 'Please remove invisible or control characters'],
    ['a C1 control in the location', { location: 'Play\u009bground' }, 'location', 'Please remove invisible or control characters'],
  ];
  it.each(rejections)('rejects %s with 400 and its message, storing nothing', async (_name, change, field, message) => {
    const before = s.count(events);
    const res = await asAdmin('/api/events', { method: 'POST', json: { ...valid, ...change } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors?.[field]).toBe(message);
    expect(s.count(events)).toBe(before);
  });

  it('shows private events to staff only', async () => {
    const created = (await (
      await asAdmin('/api/events', { method: 'POST', json: { ...valid, title: 'Staff training', isPublic: false } })
    ).json()) as { id: string };
    const adminList = (await (await asAdmin('/api/events')).json()) as { id: string; isPublic: boolean }[];
    expect(adminList.find((e) => e.id === created.id)).toMatchObject({ isPublic: false });
    const publicList = (await (await s.request('/api/events')).json()) as { id: string }[];
    expect(publicList.some((e) => e.id === created.id)).toBe(false);
    expect(publicList.length).toBeGreaterThan(0);
  });

  it("the dashboard's lists refuse a caller whose session ended instead of answering the public items", async () => {
    await asAdmin('/api/events', { method: 'POST', json: { ...valid, title: 'Closed for training', isPublic: false } });
    expect((await s.caller('admin').events.all()).some((e) => e.title === 'Closed for training')).toBe(true);
    // A session that ended on the server (expired, or signed out on another device).
    const ended = await s.adminCookie('ended@example.com');
    const endedAdmin = s.db.select().from(adminUsers).where(eq(adminUsers.email, 'ended@example.com')).get()!;
    s.db.delete(adminSessions).where(eq(adminSessions.adminId, endedAdmin.id)).run();
    for (const path of ['events.all', 'announcements.all']) {
      expect((await s.request(`/api/trpc/${path}`)).status, path).toBe(401);
      expect((await s.request(`/api/trpc/${path}`, { headers: { cookie: ended } })).status, path).toBe(401);
    }
  });

  it('deletes an event, and answers 404 for an unknown or already deleted id', async () => {
    const { id } = (await (await asAdmin('/api/events', { method: 'POST', json: valid })).json()) as { id: string };
    const res = await asAdmin(`/api/events/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, id });
    expect(s.db.select().from(events).where(eq(events.id, id)).get()).toBeUndefined();
    const again = await asAdmin(`/api/events/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).message).toBe('Event not found');
    expect((await asAdmin('/api/events/no-such-id', { method: 'DELETE' })).status).toBe(404);
  });

  describe('editing', () => {
    const create = async (over: Record<string, unknown> = {}) =>
      (await (await asAdmin('/api/events', { method: 'POST', json: { ...valid, ...over } })).json()) as { id: string };
    const row = (id: string) => s.db.select().from(events).where(eq(events.id, id)).get()!;

    it('PUT /api/events/{id} replaces the fields, sets updatedAt, keeps createdAt, and the public list follows', async () => {
      const { id } = await create();
      const before = row(id);
      s.clock.advance(60_000);
      const edit = {
        title: 'Harvest Parade (moved)',
        description: 'Now indoors',
        eventDate: '2026-11-27',
        startTime: '13:00',
        endTime: '',
        category: 'holiday',
        isPublic: true,
        location: '',
      };
      const res = await asAdmin(`/api/events/${id}`, { method: 'PUT', json: edit });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id,
        title: 'Harvest Parade (moved)',
        description: 'Now indoors',
        eventDate: '2026-11-27',
        startTime: '13:00',
        endTime: null,
        category: 'holiday',
        location: null,
      });
      const after = row(id);
      expect(after).toMatchObject({ title: 'Harvest Parade (moved)', eventDate: '2026-11-27', endTime: null, location: null });
      expect(after.updatedAt.getTime()).toBe(s.clock.now().getTime());
      expect(after.createdAt.getTime()).toBe(before.createdAt.getTime());
      const publicList = (await (await s.request('/api/events')).json()) as { id: string; title: string }[];
      expect(publicList.find((e) => e.id === id)?.title).toBe('Harvest Parade (moved)');

      // Made private: gone from the public calendar, still on the staff list.
      expect((await asAdmin(`/api/events/${id}`, { method: 'PUT', json: { ...edit, isPublic: false } })).status).toBe(200);
      expect(((await (await s.request('/api/events')).json()) as { id: string }[]).some((e) => e.id === id)).toBe(false);
      expect(((await (await asAdmin('/api/events')).json()) as { id: string }[]).some((e) => e.id === id)).toBe(true);
    });

    it.each(rejections)('refuses %s with 400 and its message, changing nothing', async (_name, change, field, message) => {
      const { id } = await create();
      const before = row(id);
      s.clock.advance(1000);
      const res = await asAdmin(`/api/events/${id}`, { method: 'PUT', json: { ...valid, title: 'Changed', ...change } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).errors?.[field]).toBe(message);
      expect(row(id)).toEqual(before);
    });

    it('answers 404 for an unknown or deleted id and 400 for a body that is not an object', async () => {
      const unknown = await asAdmin('/api/events/no-such-id', { method: 'PUT', json: valid });
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as ErrorBody).message).toBe('Event not found');
      const { id } = await create();
      await asAdmin(`/api/events/${id}`, { method: 'DELETE' });
      expect((await asAdmin(`/api/events/${id}`, { method: 'PUT', json: valid })).status).toBe(404);
      expect(s.db.select().from(events).where(eq(events.id, id)).get()).toBeUndefined();

      const { id: kept } = await create();
      const before = row(kept);
      for (const json of [[], 'text', null]) {
        const res = await asAdmin(`/api/events/${kept}`, { method: 'PUT', json });
        expect(res.status).toBe(400);
      }
      expect(row(kept)).toEqual(before);
    });

    it('events.update over tRPC: the same rules, NOT_FOUND for an unknown id', async () => {
      const { id } = await create();
      const updated = await s.caller('admin').events.update({ ...valid, id, title: 'Renamed', category: 'education' });
      expect(updated).toMatchObject({ id, title: 'Renamed', category: 'education' });
      expect(row(id).title).toBe('Renamed');
      const error = await s
        .caller('admin')
        .events.update({ ...valid, id, startTime: '11:00', endTime: '10:00' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'BAD_REQUEST' });
      expect(englishFields(fieldMessages((error as { cause: ZodError }).cause))).toEqual({
        endTime: 'End time must be after the start time',
      });
      expect(row(id)).toMatchObject({ startTime: '09:30', endTime: '10:30' });
      await expect(s.caller('admin').events.update({ ...valid, id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(s.caller('parent').events.update({ ...valid, id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(s.caller().events.update({ ...valid, id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      expect(row(id).title).toBe('Renamed');
    });
  });

  it('runs the same validation through tRPC', async () => {
    const error = await s
      .caller('admin')
      .events.create({ ...valid, description: '' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    // A direct caller skips the HTTP error formatter; the zod cause carries the form's message.
    expect(englishFields(fieldMessages((error as { cause: ZodError }).cause))).toEqual({ description: 'Description is required' });
    const made = await s.caller('admin').events.create({ ...valid, category: 'parent-meeting' });
    expect(made.category).toBe('parent-meeting');
    await expect(s.caller('admin').events.delete('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('announcements (admin)', () => {
  const valid = {
    title: 'Picture day',
    content: 'Photos on Tuesday',
    category: 'general',
    priority: 'normal',
    isPublic: true,
    expiresAt: '',
  };

  it('stores a blank expiry as null and a date as that date; applies the defaults', async () => {
    const blank = await asAdmin('/api/announcements', { method: 'POST', json: valid });
    expect(blank.status).toBe(201);
    const b = (await blank.json()) as { id: string; expiresAt: string | null };
    expect(b.expiresAt).toBeNull();
    expect(s.db.select().from(announcements).where(eq(announcements.id, b.id)).get()?.expiresAt).toBeNull();

    const dated = (await (await asAdmin('/api/announcements', { method: 'POST', json: { ...valid, expiresAt: '2026-12-31' } })).json()) as {
      expiresAt: string;
    };
    expect(dated.expiresAt).toBe('2026-12-31');

    const minimal = (await (await asAdmin('/api/announcements', { method: 'POST', json: { title: 'T', content: 'C' } })).json()) as Record<
      string,
      unknown
    >;
    expect(minimal).toMatchObject({ category: 'general', priority: 'normal', isPublic: true, expiresAt: null });
  });

  it.each(ANNOUNCEMENT_CATEGORIES)('accepts the admin form category %s', async (category) => {
    const res = await asAdmin('/api/announcements', { method: 'POST', json: { ...valid, category, priority: 'high' } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ category, priority: 'high' });
  });

  const rejections: [string, Record<string, unknown>, string, string][] = [
    ['a missing title', { title: '' }, 'title', 'Title is required'],
    ['missing content', { content: '  ' }, 'content', 'Content is required'],
    ['an unknown category', { category: 'gossip' }, 'category', 'Please choose a category'],
    ['an unknown priority', { priority: 'urgent' }, 'priority', 'Priority must be high, normal or low'],
    ['a malformed expiry', { expiresAt: 'next week' }, 'expiresAt', 'Please enter a valid date (YYYY-MM-DD)'],
  ];
  it.each(rejections)('rejects %s with 400 and its message, storing nothing', async (_name, change, field, message) => {
    const before = s.count(announcements);
    const res = await asAdmin('/api/announcements', { method: 'POST', json: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors?.[field]).toBe(message);
    expect(s.count(announcements)).toBe(before);
  });

  it('answers every announcement to staff and only the public ones otherwise', async () => {
    const priv = (await (
      await asAdmin('/api/announcements', { method: 'POST', json: { ...valid, title: 'Staff memo', isPublic: false } })
    ).json()) as { id: string };
    const adminList = (await (await asAdmin('/api/announcements')).json()) as { id: string; isPublic: boolean }[];
    expect(adminList.find((a) => a.id === priv.id)).toMatchObject({ isPublic: false });
    const anonymous = (await (await s.request('/api/announcements')).json()) as { id: string; isPublic: boolean }[];
    expect(anonymous.some((a) => a.id === priv.id)).toBe(false);
    expect(anonymous.every((a) => a.isPublic)).toBe(true);
    // A parent is not staff either.
    const { token } = await s.parentToken();
    const parentList = (await (await s.request('/api/announcements', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: string;
    }[];
    expect(parentList.some((a) => a.id === priv.id)).toBe(false);
  });

  describe('editing', () => {
    const create = async (over: Record<string, unknown> = {}) =>
      (await (await asAdmin('/api/announcements', { method: 'POST', json: { ...valid, ...over } })).json()) as { id: string };
    const row = (id: string) => s.db.select().from(announcements).where(eq(announcements.id, id)).get()!;

    it('PUT /api/announcements/{id} replaces the fields, sets updatedAt, keeps createdAt, and the public list follows', async () => {
      const { id } = await create({ isPublic: false, expiresAt: '2026-12-31' });
      const before = row(id);
      s.clock.advance(60_000);
      const edit = {
        title: 'Picture day moved',
        content: 'Photos on Thursday',
        category: 'health',
        priority: 'high',
        isPublic: true,
        expiresAt: '',
      };
      const res = await asAdmin(`/api/announcements/${id}`, { method: 'PUT', json: edit });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, ...edit, expiresAt: null });
      const after = row(id);
      expect(after).toMatchObject({ title: 'Picture day moved', priority: 'high', isPublic: true, expiresAt: null });
      expect(after.updatedAt.getTime()).toBe(s.clock.now().getTime());
      expect(after.createdAt.getTime()).toBe(before.createdAt.getTime());
      const publicList = (await (await s.request('/api/announcements')).json()) as { id: string; title: string }[];
      expect(publicList.find((a) => a.id === id)?.title).toBe('Picture day moved');
    });

    it.each(rejections)('refuses %s with 400 and its message, changing nothing', async (_name, change, field, message) => {
      const { id } = await create();
      const before = row(id);
      s.clock.advance(1000);
      const res = await asAdmin(`/api/announcements/${id}`, { method: 'PUT', json: { ...valid, title: 'Changed', ...change } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).errors?.[field]).toBe(message);
      expect(row(id)).toEqual(before);
    });

    it('answers 404 for an unknown id, changing nothing', async () => {
      const before = s.db.select().from(announcements).all();
      const res = await asAdmin('/api/announcements/no-such-id', { method: 'PUT', json: valid });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).message).toBe('Announcement not found');
      expect(s.db.select().from(announcements).all()).toEqual(before);
    });

    it('announcements.update over tRPC: the same rules, NOT_FOUND for an unknown id', async () => {
      const { id } = await create();
      const valid = {
        title: 'Picture day',
        content: 'Photos on Tuesday',
        category: 'general' as const,
        priority: 'normal' as const,
        isPublic: true,
        expiresAt: '',
      };
      expect(await s.caller('admin').announcements.update({ ...valid, id, priority: 'low' })).toMatchObject({ id, priority: 'low' });
      expect(row(id).priority).toBe('low');
      const error = await s
        .caller('admin')
        .announcements.update({ ...valid, id, content: '' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'BAD_REQUEST' });
      expect(englishFields(fieldMessages((error as { cause: ZodError }).cause))).toEqual({ content: 'Content is required' });
      await expect(s.caller('admin').announcements.update({ ...valid, id: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(s.caller('parent').announcements.update({ ...valid, id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(s.caller().announcements.update({ ...valid, id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      expect(row(id)).toMatchObject({ content: 'Photos on Tuesday', priority: 'low' });
    });
  });

  it('deletes an announcement, 404 for an unknown id', async () => {
    const { id } = (await (await asAdmin('/api/announcements', { method: 'POST', json: valid })).json()) as { id: string };
    expect((await asAdmin(`/api/announcements/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(s.db.select().from(announcements).where(eq(announcements.id, id)).get()).toBeUndefined();
    const again = await asAdmin(`/api/announcements/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).message).toBe('Announcement not found');
  });
});

describe('overview.counts', () => {
  it('counts the four tables and lists the 5 newest applications and the next 5 events', async () => {
    const local = await startTestServer();
    try {
      const application = (i: number) => ({
        parentFirstName: `Parent${i}`,
        parentLastName: 'Lopez',
        parentEmail: `p${i}@example.com`,
        parentPhone: '6145550199',
        parentAddress: '1 High St',
        parentCity: 'Columbus',
        parentState: 'OH',
        parentZip: '43215',
        childFirstName: `Child${i}`,
        childLastName: 'Lopez',
        childDateOfBirth: '2023-01-01',
        childAge: '3',
        programRequested: 'preschool',
        startDate: '2027-01-04',
        emergencyContactName: 'Rosa',
        emergencyContactPhone: '6145550100',
        emergencyContactRelationship: 'grandparent',
        createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
      });
      local.db.insert(enrollmentApplications).values([1, 2, 3, 4, 5, 6, 7].map(application)).run();
      local.db
        .insert(enrolledChildren)
        .values([
          { childName: 'Ava', parentName: 'Ann', parentEmail: 'ann@example.com', dateOfBirth: '2022-05-01', startDate: '2025-09-01' },
        ])
        .run();
      local.db
        .insert(events)
        .values([
          { title: 'Past', eventDate: '2026-11-01' },
          ...[1, 2, 3, 4, 5, 6].map((d) => ({
            title: `Future ${d}`,
            eventDate: `2026-12-0${d}`,
            startTime: '09:00',
            category: d === 2 ? 'field-trip' : 'general',
            isPublic: d !== 3,
          })),
        ])
        .run();
      local.db
        .insert(announcements)
        .values([
          { title: 'A', content: 'B' },
          { title: 'C', content: 'D', isPublic: false },
        ])
        .run();

      const o = await local.caller('admin').overview.counts();
      expect(o.counts).toEqual({ events: 7, announcements: 2, applications: 7, enrolledChildren: 1 });
      expect(o.applications.map((a) => a.childFirstName)).toEqual(['Child7', 'Child6', 'Child5', 'Child4', 'Child3']);
      expect(o.applications[0]).toMatchObject({ parentFirstName: 'Parent7', parentLastName: 'Lopez', programRequested: 'preschool' });
      // From today (2026-11-21 in Columbus) on, private ones included: staff plan them too.
      expect(o.events.map((e) => e.title)).toEqual(['Future 1', 'Future 2', 'Future 3', 'Future 4', 'Future 5']);
      expect(o.events[1]).toMatchObject({ eventDate: '2026-12-02', startTime: '09:00', category: 'field-trip' });

      const cookieHeader = await local.adminCookie();
      const http = await local.request('/api/trpc/overview.counts', { headers: { cookie: cookieHeader } });
      expect(http.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
