/**
 * The public pages' "today" is the centre's day in Columbus, never the time zone of the machine that draws
 * them: the server (often on UTC) draws /events and the home page's teaser, and a family's browser hydrates
 * them. At 21:30 on a Monday evening in Columbus it is already Tuesday in UTC; drawn with the server's own
 * date, that evening's events were gone from "upcoming" and the calendar showed the wrong day, and the
 * browser's first render differed from the server's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const EVENING_IN_COLUMBUS = new Date('2026-11-24T02:30:00Z'); // Monday 23 November, 21:30 in Columbus
const event = {
  id: 'evt-1',
  title: 'Evening open house',
  description: 'Tour the rooms and meet the teachers.',
  eventDate: '2026-11-23',
  startTime: '22:00',
  endTime: '23:00',
  category: 'general',
  isPublic: true,
  location: null,
  createdAt: new Date('2026-11-01T12:00:00Z'),
};

describe('server-drawn public pages on a machine whose clock reads UTC', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVENING_IN_COLUMBUS);
  });
  afterAll(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("/events selects the centre's today and lists that evening's event as upcoming", async () => {
    expect(new Date().getUTCDate()).toBe(24);
    const { render } = await import('../../src/client/entry-server');
    const drawn = await render('/events', { 'events.list': [event], 'announcements.list': [] });
    // React separates text parts with empty comments: read the text as a person would.
    const html = drawn.html.replaceAll('<!-- -->', '');
    expect(html).toContain('aria-current="date" aria-label="November 23, 2026');
    expect(html).toContain('Events on Nov 23, 2026');
    expect(html).not.toContain('Events on Nov 24, 2026');
    expect(html.match(/Evening open house/g)?.length).toBe(2); // the selected day and Upcoming Events
    // The day travels with the page's data, so the browser hydrates with the same one (lib/centre-today.ts).
    const superjson = (await import('superjson')).default;
    const state = superjson.parse<{ queries: { queryKey: unknown[]; state: { data: unknown } }[] }>(drawn.state);
    expect(state.queries.find((q) => q.queryKey[0] === 'centre-today')?.state.data).toBe('2026-11-23');
  });

  it("the home page's teaser keeps that evening's event", async () => {
    const { render } = await import('../../src/client/entry-server');
    const { html } = await render('/', { 'events.list': [event], 'announcements.list': [], 'gallery.list': [] });
    expect(html).toContain('Evening open house');
  });
});
