import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMonths, format, parseISO, setDate } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { announcements, childAchievements, enrolledChildren, events, milestones } from '../../db/schema';
import { addDays, centreDateOf } from '../../src/shared/centre-time';
import { elements, getAllByRole, getByRole, hasText, type HtmlElement, parseHtml, textOf } from '../helpers/html';
import { startTestServer, type TestServer } from '../helpers/server';
import { writeStandInBuildWithRealRender } from '../helpers/stand-in-build';

/**
 * What the public events page shows, read from the HTML the server sends (ADR 016, ADR 018, ADR 072): the page is a
 * document, so what a visitor reads before any script runs, and what a day's or month's link opens, is that HTML.
 * These were browser tests (tests/e2e/public-events.spec.ts), which keeps what only a browser shows: the calendar's
 * keys, a day shown in place and scrolled to, the layout, a failed load and its retry.
 */
const realClock = () => ({ now: () => new Date(), set() {}, advance() {}, sleep: async () => {} });

let dir: string;
const startSite = () => startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr'), clock: realClock() });

let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'public-pages-html-'));
  writeStandInBuildWithRealRender(dir);
  s = await startSite();
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string, server: TestServer = s, headers: Record<string, string> = {}) {
  const res = await server.request(path, { headers: { 'accept-encoding': 'identity', ...headers } });
  const html = await res.text();
  return { status: res.status, html, doc: parseHtml(html) };
}

/** A server of its own over the template database, for what must hold when nothing (public) has been added. */
async function withFreshSite(check: (fresh: TestServer) => Promise<void>) {
  const fresh = await startSite();
  try {
    await check(fresh);
  } finally {
    await fresh.close();
  }
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const longDate = (d: string) => format(parseISO(d), 'MMMM d, yyyy');
const shortDate = (d: string) => format(parseISO(d), 'MMM dd, yyyy');
const unique = () => crypto.randomUUID().slice(0, 8);
/** The page's "today" is the centre's day in Columbus, whatever the time zone of the machine running the tests. */
const centreToday = () => centreDateOf(new Date());
/** A day of the current month that is not today, so selecting it is a real change. */
function otherDayThisMonth(): string {
  const today = parseISO(centreToday());
  return iso(setDate(today, today.getDate() === 15 ? 16 : 15));
}

/** The elements under `within` whose own text is exactly `text` (getByText with exact: true). */
const exactText = (within: HtmlElement, text: string) =>
  elements(within).filter((e) => textOf(e) === text && !e.children.some((c) => typeof c !== 'string' && textOf(c) === text));
/** The list item (or article) under `within` that holds a heading named `title`. */
const entryOf = (doc: HtmlElement, within: HtmlElement, role: 'listitem' | 'article', title: string) => {
  const found = getAllByRole(doc, role, {}, within).filter((e) => getAllByRole(doc, 'heading', { name: title }, e).length > 0);
  expect(found.length, title).toBeGreaterThan(0);
  return found.at(-1)!;
};
const dayLinks = (doc: HtmlElement, name: string | RegExp) => getAllByRole(doc, 'link', { name }, getByRole(doc, 'table'));
/** The calendar, named by its caption (the month it shows), as getByRole('table', { name }) finds it. */
function calendarNamed(doc: HtmlElement, month: string): HtmlElement {
  const tables = getAllByRole(doc, 'table').filter((t) => elements(t).some((e) => e.tag === 'caption' && textOf(e) === month));
  expect(tables, month).toHaveLength(1);
  return tables[0]!;
}
/** The column headers' texts (the days of the week). */
const columnHeaders = (table: HtmlElement) =>
  elements(table)
    .filter((e) => e.tag === 'th' && e.attrs.scope === 'col')
    .map(textOf);

describe('the events page as the server draws it', () => {
  it('an event is counted on its day, whose list shows it with 12-hour times and its category; a private one never', async () => {
    const dayIso = otherDayThisMonth();
    const title = `Pumpkin patch trip ${unique()}`;
    const hidden = `Staff-only planning ${unique()}`;
    s.db
      .insert(events)
      .values([
        {
          title,
          description: 'We ride the bus to the farm and pick a pumpkin each.',
          eventDate: dayIso,
          startTime: '09:30',
          endTime: '14:15',
          category: 'field-trip',
        },
        { title: hidden, description: 'Private', eventDate: dayIso, startTime: '08:00', isPublic: false },
      ])
      .run();

    const first = await page('/events');
    getByRole(first.doc, 'heading', { level: 1, name: 'Events & Announcements' });
    const calendar = calendarNamed(first.doc, format(parseISO(centreToday()), 'MMMM yyyy'));
    expect(columnHeaders(calendar)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    // Today is selected at first: the calendar's current date, and its list.
    const today = dayLinks(first.doc, new RegExp(`^${longDate(centreToday())},.*, today$`));
    expect(today).toHaveLength(1);
    expect(today[0]!.attrs['aria-current']).toBe('date');
    getByRole(first.doc, 'heading', { name: `Events on ${shortDate(centreToday())}` });
    // Only the public event counts.
    const day = dayLinks(first.doc, `${longDate(dayIso)}, 1 event`);
    expect(day).toHaveLength(1);
    expect(day[0]!.attrs.href).toBe(`/events?date=${dayIso}#day-events`);

    // The day's link: it is the current date, today is not, and its list shows the event.
    const chosen = await page(`/events?date=${dayIso}`);
    expect(dayLinks(chosen.doc, `${longDate(dayIso)}, 1 event`)[0]!.attrs['aria-current']).toBe('date');
    expect(dayLinks(chosen.doc, new RegExp(`^${longDate(centreToday())},`))[0]!.attrs['aria-current']).toBeUndefined();
    const list = getByRole(chosen.doc, 'region', { name: `Events on ${shortDate(dayIso)}` });
    getByRole(chosen.doc, 'heading', { name: title }, list);
    expect(hasText(list, 'We ride the bus to the farm and pick a pumpkin each.')).toBe(true);
    expect(hasText(list, '9:30 AM - 2:15 PM')).toBe(true);
    expect(exactText(list, 'Field Trip')).toHaveLength(1);
    expect(chosen.html).not.toContain(hidden);
  });

  it('a day or month in the address is shown; a day that does not exist shows today', async () => {
    const day = otherDayThisMonth();
    const nextMonth = format(addMonths(parseISO(day), 1), 'yyyy-MM');
    const { status, doc } = await page(`/events?date=${day}&month=${nextMonth}`);
    expect(status).toBe(200);
    calendarNamed(doc, format(parseISO(`${nextMonth}-01`), 'MMMM yyyy'));
    getByRole(doc, 'heading', { name: `Events on ${shortDate(day)}` });
    for (const bad of ['date=2026-02-30', 'date=%3Cb%3E', 'month=13']) {
      const answer = await page(`/events?${bad}`);
      expect(answer.status, bad).toBe(200);
      getByRole(answer.doc, 'heading', { name: `Events on ${shortDate(centreToday())}` });
    }
  });

  it('announcements: a short preview, the full list with badges and dates, and never a private one', async () => {
    const title = `Flu shots ${unique()}`;
    const secret = `Staff memo ${unique()}`;
    const content =
      'The county health department will give flu shots at the centre on Friday morning. Bring your insurance card and the signed consent form.';
    const expiresAt = iso(addMonths(parseISO(centreToday()), 1));
    const upcomingTitle = `Family breakfast ${unique()}`;
    const posted = new Date(Date.now() + 60_000);
    s.db
      .insert(announcements)
      .values([
        { title, content, category: 'health', priority: 'high', expiresAt, createdAt: posted },
        { title: secret, content: 'Not for parents', isPublic: false, createdAt: new Date(Date.now() + 120_000) },
      ])
      .run();
    // Today at midnight: first among the upcoming events whatever else this file added.
    s.db
      .insert(events)
      .values({ title: upcomingTitle, eventDate: centreToday(), startTime: '00:00', endTime: '00:45', category: 'unknown-kind' })
      .run();

    const { html, doc } = await page('/events');
    const preview = getByRole(doc, 'region', { name: 'Announcements' });
    getByRole(doc, 'heading', { name: title }, preview);
    expect(exactText(preview, `${content.slice(0, 100)}...`)).toHaveLength(1);

    const all = getByRole(doc, 'region', { name: 'All Announcements' });
    const item = entryOf(doc, all, 'listitem', title);
    expect(exactText(item, content)).toHaveLength(1);
    expect(exactText(item, 'Health')).toHaveLength(1);
    expect(exactText(item, 'High Priority')).toHaveLength(1);
    // Posted is a moment: the page shows the centre's day for it (Columbus).
    expect(hasText(item, `Posted ${shortDate(centreDateOf(posted))}`)).toBe(true);
    expect(hasText(item, `Expires ${shortDate(expiresAt)}`)).toBe(true);

    const upcoming = getByRole(doc, 'region', { name: 'Upcoming Events' });
    expect(textOf(getAllByRole(doc, 'heading', { level: 3 }, upcoming)[0]!)).toBe(upcomingTitle);
    const entry = entryOf(doc, upcoming, 'listitem', upcomingTitle);
    expect(hasText(entry, '12:00 AM - 12:45 AM')).toBe(true);
    // An unknown category falls back to general, label and colour (docs/product.md §9).
    const general = exactText(entry, 'General');
    expect(general).toHaveLength(1);
    expect(general[0]!.attrs.class).toMatch(/\bbg-blue-100\b/);
    expect(html).not.toContain('Unknown Kind');
    expect(html).not.toContain(secret);
  });

  it("admin-only categories (education, parent-meeting) read 'General'", async () => {
    const day = centreToday();
    const lesson = `Phonics evening ${unique()}`;
    const meeting = `Parent meeting ${unique()}`;
    s.db
      .insert(events)
      .values([
        { title: lesson, eventDate: day, startTime: '00:01', category: 'education' },
        { title: meeting, eventDate: day, startTime: '00:02', category: 'parent-meeting' },
      ])
      .run();
    const { doc } = await page('/events');
    const list = getByRole(doc, 'region', { name: `Events on ${shortDate(day)}` });
    for (const title of [lesson, meeting]) expect(exactText(entryOf(doc, list, 'article', title), 'General'), title).toHaveLength(1);
    expect(exactText(doc, 'Education')).toEqual([]);
    expect(exactText(doc, 'Parent Meeting')).toEqual([]);
  });

  it('a signed-in director gets the public calendar as visitors do: no private events or announcements', async () => {
    const day = centreToday();
    const privateEvent = `Budget meeting ${unique()}`;
    const publicEvent = `Story time ${unique()}`;
    const privateNote = `Staff rota ${unique()}`;
    s.db
      .insert(events)
      .values([
        { title: privateEvent, description: 'Staff only', eventDate: day, startTime: '07:00', isPublic: false },
        // No start time: first among the home page's next three, whatever else this file added today.
        { title: publicEvent, description: 'Open to families', eventDate: day },
      ])
      .run();
    s.db.insert(announcements).values({ title: privateNote, content: 'Internal', isPublic: false }).run();
    const cookie = await s.adminCookie();

    // The director's session really does receive private items from the same API...
    const adminList = (await (await s.request('/api/events', { headers: { cookie } })).json()) as { title: string }[];
    expect(adminList.map((e) => e.title)).toContain(privateEvent);

    // ...and the public pages still leave them out.
    const eventsPage = await page('/events', s, { cookie });
    getByRole(
      eventsPage.doc,
      'heading',
      { name: publicEvent },
      getByRole(eventsPage.doc, 'region', { name: `Events on ${shortDate(day)}` }),
    );
    expect(eventsPage.html).not.toContain(privateEvent);
    expect(eventsPage.html).not.toContain(privateNote);
    const home = await page('/', s, { cookie });
    expect(hasText(home.doc, publicEvent)).toBe(true);
    expect(home.html).not.toContain(privateEvent);
  });

  it('with nothing public posted the page says so', async () => {
    await withFreshSite(async (fresh) => {
      fresh.db.insert(events).values({ title: 'Private only', eventDate: centreToday(), isPublic: false }).run();
      const { html, doc } = await page('/events', fresh);
      for (const empty of ['No upcoming events scheduled.', 'No current announcements.', 'No announcements available.'])
        expect(exactText(doc, empty), empty).toHaveLength(1);
      expect(html).not.toContain('Private only');
    });
  });

  it('Upcoming Events lists the next five public events from today on, nothing earlier', async () => {
    await withFreshSite(async (fresh) => {
      const day = (offset: number) => addDays(centreToday(), offset);
      fresh.db
        .insert(events)
        .values([
          { title: 'Yesterday picnic', eventDate: day(-1), startTime: '23:30' },
          { title: 'Private staff day', eventDate: day(0), startTime: '08:00', isPublic: false },
          { title: 'Today story time', eventDate: day(0), startTime: '23:00' },
          ...[1, 2, 3, 4, 5, 6].map((n) => ({ title: `Upcoming ${n}`, eventDate: day(n) })),
        ])
        .run();
      const { html, doc } = await page('/events', fresh);
      const upcoming = getByRole(doc, 'region', { name: 'Upcoming Events' });
      expect(getAllByRole(doc, 'heading', { level: 3 }, upcoming).map(textOf)).toEqual([
        'Today story time',
        'Upcoming 1',
        'Upcoming 2',
        'Upcoming 3',
        'Upcoming 4',
      ]);
      expect(html).not.toContain('Yesterday picnic');
    });
  });
});

describe('the home page as the server draws it', () => {
  it('with nothing uploaded or posted, the gallery holds the five built-in photos and the teaser its empty texts', async () => {
    await withFreshSite(async (fresh) => {
      const { doc } = await page('/', fresh);
      const gallery = getByRole(doc, 'list', { name: 'Photo gallery' });
      expect(getAllByRole(doc, 'listitem', {}, gallery)).toHaveLength(5);
      for (const caption of [
        'Classroom learning space',
        'Outdoor learning activities',
        'Science discovery',
        'Fine motor skills',
        'Cognitive development',
      ])
        expect(exactText(gallery, caption), caption).toHaveLength(1);
      const images = getAllByRole(doc, 'img', {}, gallery);
      expect(images).toHaveLength(5);
      for (const img of images) {
        expect(img.attrs.src).toMatch(/^\/gallery\/[a-z-]+\.svg$/);
        expect(img.attrs.alt).toMatch(/\w{10,}/);
      }
      expect(exactText(doc, 'No upcoming events scheduled at this time.')).toHaveLength(1);
      expect(exactText(doc, 'No high-priority announcements at this time.')).toHaveLength(1);
    });
  });

  it('the footer leads to the admin sign-in (and Apply Online Today to the form: tests/integration/server-html.test.ts)', async () => {
    const { doc } = await page('/');
    expect(getByRole(doc, 'link', { name: 'Admin' }, getByRole(doc, 'contentinfo')).attrs.href).toBe('/admin/login');
  });
});

describe("an announcement's day is the centre's (Columbus), whatever the server's clock (UTC) says", () => {
  it('03:00 UTC on 20 November is drawn as Nov 19, 2026', async () => {
    const title = `Late-evening notice ${unique()}`;
    s.db
      .insert(announcements)
      .values({ title, content: 'Posted late in Columbus.', isPublic: true, createdAt: new Date('2026-11-20T03:00:00Z') })
      .run();
    const { html } = await page('/events');
    expect(html.slice(html.indexOf(title))).toMatch(
      /^[^]*?Posted(<!-- -->)? <time dateTime="2026-11-20T03:00:00.000Z">Nov 19, 2026<\/time>/,
    );
  });
});

describe('the milestones page as the server draws it', () => {
  it('counters and achievements: each shows its milestone, date, notes, witness and celebration, never the child', async () => {
    const child = s.db
      .insert(enrolledChildren)
      .values({
        childName: 'Milo Test',
        parentName: 'Pat Test',
        parentEmail: `pat.${unique()}@example.com`,
        dateOfBirth: '2022-05-01',
        startDate: '2024-09-01',
      })
      .returning()
      .get();
    const milestone = s.db.select().from(milestones).where(eq(milestones.name, 'Counts to Ten')).get()!;
    const notes = `Counted ten acorns on the walk ${unique()}`;
    const today = format(new Date(), 'yyyy-MM-dd');
    s.db
      .insert(childAchievements)
      .values({
        childId: child.id,
        milestoneId: milestone.id,
        achievedAt: today,
        notes,
        witnessedBy: 'Ms. Rivera',
        celebrationLevel: 'special',
        sharePublicly: true,
      })
      .run();
    const achieved = s.db.select().from(childAchievements).all().length;
    const total = s.db.select().from(milestones).where(eq(milestones.isActive, true)).all().length;

    const first = await page('/milestones');
    const stats = getByRole(first.doc, 'list', { name: 'Milestone statistics' });
    const stat = (label: string) => {
      const items = getAllByRole(first.doc, 'listitem', {}, stats).filter((li) => hasText(li, label));
      expect(items, label).toHaveLength(1);
      return textOf(items[0]!);
    };
    expect(stat('Total Milestones')).toContain(String(total));
    expect(stat('Achievements Earned')).toContain(String(achieved));
    expect(stat('Active Children')).toContain('-');
    expect(stat('Recent Achievements')).not.toMatch(/\b0\b/);
    // The public page never names a child.
    expect(first.html).not.toContain('Milo Test');

    for (const [tab, name] of [
      ['achievements', 'All Achievements'],
      ['recent', 'Recent Achievements'],
    ] as const) {
      const { html, doc } = await page(`/milestones?tab=${tab}`);
      expect(html).not.toContain('Milo Test');
      const panel = getByRole(doc, 'tabpanel', { name });
      const cards = getAllByRole(doc, 'listitem', {}, panel).filter((li) => hasText(li, notes));
      expect(cards, name).toHaveLength(1);
      const card = cards[0]!;
      getByRole(doc, 'heading', { name: 'Counts to Ten' }, card);
      expect(hasText(card, `Achieved on ${format(new Date(), 'MMM dd, yyyy')}`)).toBe(true);
      expect(hasText(card, 'Witnessed by Ms. Rivera')).toBe(true);
      expect(hasText(card, 'Special celebration')).toBe(true);
      expect(exactText(card, 'Normal')).toHaveLength(1);
    }

    // The filters reach achievements through their milestone.
    const filtered = await page('/milestones?age=0-6months&tab=recent');
    expect(filtered.html).not.toContain(notes);
    expect(exactText(filtered.doc, 'No recent achievements match these filters.')).toHaveLength(1);
  });
});
