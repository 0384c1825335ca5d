/**
 * GET /api/events.ics ("In their calendar"): the public events as an RFC 5545 feed, read back with a
 * real parser (ical.js): a stable UID per event through edits, all-day events all-day, timed events in the
 * centre's zone with its VTIMEZONE, no private event, text/calendar, cacheable by visitors.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { cacheStore } from '../../src/server/cache/store';
import { eventsCalendar } from '../../src/server/content/events-calendar';
import { centre } from '../../src/shared/centre';

describe('the events feed', () => {
  const s = sharedAdminServer();
  const create = async (body: Record<string, unknown>) => {
    const res = await s.request('/api/events', { method: 'POST', json: body, ...as(s.admin) });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json<{ id: string }>(res)).id;
  };
  const feed = async (init: RequestInit = {}) => {
    const res = await s.request('/api/events.ics', init);
    expect(res.status).toBe(200);
    const text = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    return { res, text, calendar, events, byTitle: (t: string) => events.find((e) => e.summary === t) };
  };

  it('is a valid calendar of the public events only, timed ones in New York time and all-day ones all-day', async () => {
    const picnic = await create({
      title: 'Family Picnic, "Spring"',
      description: 'Bring a blanket; snacks\nprovided',
      eventDate: '2026-07-04',
      startTime: '09:30',
      endTime: '11:00',
      category: 'general',
      location: 'Schiller Park',
    });
    await create({ title: 'Winter Break', description: 'Centre closed', eventDate: '2026-12-24', category: 'holiday' });
    await create({ title: 'Staff Planning (private)', description: 'Staff only', eventDate: '2026-07-05', isPublic: false });
    await create({ title: 'Parent Night', description: 'Talk', eventDate: '2026-01-15', startTime: '18:00', category: 'conference' });

    const { res, text, calendar, events, byTitle } = await feed();
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    // RFC 5545: CRLF line ends, VERSION and PRODID, every line at most 75 octets.
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);

    expect(events.map((e) => e.summary).sort()).toEqual(['Family Picnic, "Spring"', 'Parent Night', 'Winter Break']);
    expect(text).not.toContain('Staff Planning');
    expect(text).not.toContain('Staff only');

    // The zone's VTIMEZONE is in the feed, and the parser reads the timed events through it.
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('America/New_York');
    ICAL.TimezoneService.register(zone);
    const summer = byTitle('Family Picnic, "Spring"')!;
    expect(summer.startDate.isDate).toBe(false);
    expect(summer.startDate.zone.tzid).toBe('America/New_York');
    expect(summer.startDate.toString()).toBe('2026-07-04T09:30:00');
    // 09:30 in July is EDT (UTC-4); 18:00 in January is EST (UTC-5).
    expect(summer.startDate.toJSDate().toISOString()).toBe('2026-07-04T13:30:00.000Z');
    expect(summer.endDate.toJSDate().toISOString()).toBe('2026-07-04T15:00:00.000Z');
    expect(byTitle('Parent Night')!.startDate.toJSDate().toISOString()).toBe('2026-01-15T23:00:00.000Z');
    expect(summer.description).toBe('Bring a blanket; snacks\nprovided');
    expect(summer.location).toBe('Schiller Park');
    // DTSTAMP is UTC, as RFC 5545 requires.
    expect(summer.component.getFirstPropertyValue('dtstamp')!.toString()).toMatch(/Z$/);

    const holiday = byTitle('Winter Break')!;
    expect(holiday.startDate.isDate).toBe(true);
    expect(holiday.startDate.toString()).toBe('2026-12-24');

    expect(summer.uid).toBe(`${picnic}@127.0.0.1`);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it("keeps an event's UID through an edit, with a later LAST-MODIFIED and a higher SEQUENCE; a made-private event leaves", async () => {
    const id = await create({ title: 'Book Fair', description: 'Books', eventDate: '2026-10-01', startTime: '08:00', endTime: '09:00' });
    const before = (await feed()).byTitle('Book Fair')!;
    // A new row's times are the database's own clock; the edit's is the app's (the test's) clock: moved past it.
    s.clock.set(new Date(Date.now() + 60_000));
    const director = await s.adminCookie();
    const edited = await s.request(`/api/events/${id}`, {
      method: 'PUT',
      json: { title: 'Book Fair (moved)', description: 'Books', eventDate: '2026-10-02', startTime: '08:00', endTime: '09:00' },
      ...as(director),
    });
    expect(edited.status).toBe(200);
    const { byTitle, events } = await feed();
    expect(byTitle('Book Fair')).toBeUndefined();
    const after = byTitle('Book Fair (moved)')!;
    expect(after.uid).toBe(before.uid);
    expect(after.startDate.toString()).toBe('2026-10-02T08:00:00');
    expect(after.sequence).toBeGreaterThan(before.sequence);
    const modified = (e: typeof after) => (e.component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime();
    expect(modified(after)).toBeGreaterThan(modified(before));
    expect(events.filter((e) => e.uid === before.uid)).toHaveLength(1);

    const hidden = await s.request(`/api/events/${id}`, {
      method: 'PUT',
      json: { title: 'Book Fair (moved)', description: 'Books', eventDate: '2026-10-02', isPublic: false },
      ...as(director),
    });
    expect(hidden.status).toBe(200);
    expect((await feed()).events.some((e) => e.uid === before.uid)).toBe(false);
  });

  it('answers staff the same public-only feed, never cached by a shared cache for a session', async () => {
    const visitor = await feed();
    const staff = await feed(as(await s.adminCookie()));
    expect(staff.text).toBe(visitor.text);
    expect(staff.res.headers.get('cache-control')).toBe('no-store');
    // A visitor's feed is kept by the response cache: the second visitor gets the same bytes from memory.
    const store = cacheStore(s.db);
    await feed();
    const kept = store.answers();
    expect(kept).toBeGreaterThan(0);
    expect((await feed()).text).toBe(visitor.text);
    expect(store.answers()).toBe(kept);
    const teacher = await feed(as(await s.adminCookie('cal.teacher@example.com', 'teacher')));
    expect(teacher.text).toBe(visitor.text);
  });
});

describe("the events feed's own words", () => {
  it('come from the catalogue (calendar.*): the calendar name and description, in English and in Spanish', () => {
    const english = ICAL.Component.fromString(eventsCalendar([], 'https://centre.example'));
    expect(english.getFirstPropertyValue('x-wr-calname')).toBe(`${centre.name} Events`);
    expect(english.getFirstPropertyValue('x-wr-caldesc')).toBe(`Public events of ${centre.name}, Columbus, OH`);
    const spanish = ICAL.Component.fromString(eventsCalendar([], 'https://centre.example', 'es'));
    expect(spanish.getFirstPropertyValue('x-wr-calname')).toBe(`Eventos de ${centre.name}`);
    expect(spanish.getFirstPropertyValue('x-wr-caldesc')).toBe(`Eventos públicos de ${centre.name}, Columbus, OH`);
  });
});
