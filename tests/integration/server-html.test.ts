import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, events } from '../../db/schema';
import { centre, centreMapsUrl, telHref } from '../../src/shared/centre';
import { addDays, centreDateOf } from '../../src/shared/centre-time';
import { en } from '../../src/shared/i18n/en';
import { es } from '../../src/shared/i18n/es';
import { PARENT_NOTICES } from '../../src/client/lib/parent-session';
import { notFoundTitle } from '../../src/shared/public-pages';
import { byId, elements, getAllByRole, getByLabel, getByRole, hasText, type HtmlElement, nameOf, parseHtml, textOf } from '../helpers/html';
import { writeStandInBuildWithRealRender } from '../helpers/stand-in-build';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * What the server draws on the public pages, read from the HTML it sends (ADR 011, ADR 016, ADR 018): the pages
 * are documents, so what a visitor sees before any script runs, and what works without JavaScript (links, GET and
 * POST forms), is that HTML. The browser tests keep what only a browser shows (tests/e2e; ADR 072). Drawn by the
 * real server render (src/client/entry-server.tsx, loaded from source as `npm run build:ssr` builds it) over a
 * stand-in client build, by the real clock as the pages' own day is (lib/centre-today.ts).
 */
const realClock = () => ({ now: () => new Date(), set() {}, advance() {}, sleep: async () => {} });

let dir: string;
function standInBuild() {
  dir = mkdtempSync(join(tmpdir(), 'server-html-'));
  writeStandInBuildWithRealRender(dir);
}
const startSite = () => startTestServer({ clientDir: join(dir, 'client'), ssrDir: join(dir, 'ssr'), clock: realClock() });

let s: TestServer;
beforeAll(async () => {
  standInBuild();
  s = await startSite();
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string, server: TestServer = s): Promise<{ status: number; html: string; doc: HtmlElement }> {
  const res = await server.request(path, { headers: { 'accept-encoding': 'identity' } });
  const html = await res.text();
  return { status: res.status, html, doc: parseHtml(html) };
}

const heading = (doc: HtmlElement, name: string | RegExp, level?: number) => getByRole(doc, 'heading', { name, level });
/** The elements under `within` whose own text is exactly `text` (getByText with exact: true). */
const exactText = (within: HtmlElement, text: string) =>
  elements(within).filter((e) => textOf(e) === text && !e.children.some((c) => typeof c !== 'string' && textOf(c) === text));

/** The month after this one at the centre, as the events calendar names it ('December 2026'). */
const nextMonth = () => {
  const [year, month] = centreDateOf(new Date()).split('-').map(Number) as [number, number];
  return new Date(year, month, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
};

/** The address a GET form sends, as a browser builds it from the form's named controls and their current values. */
function formAddress(form: HtmlElement, set: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const control of elements(form)) {
    const name = control.attrs.name;
    if (!name || 'disabled' in control.attrs) continue;
    if (control.tag === 'select') {
      const options = elements(control).filter((o) => o.tag === 'option');
      const value = set[name] ?? (options.find((o) => 'selected' in o.attrs) ?? options[0])?.attrs.value ?? '';
      params.append(name, value);
    } else if (control.tag === 'input' && !['submit', 'button', 'checkbox', 'radio'].includes(control.attrs.type ?? '')) {
      params.append(name, set[name] ?? control.attrs.value ?? '');
    }
  }
  const query = params.toString();
  return `${form.attrs.action}${query ? `?${query}` : ''}`;
}

/** The value of the option of `select` whose text is `label`. */
const optionValue = (select: HtmlElement, label: string) =>
  elements(select).find((o) => o.tag === 'option' && textOf(o) === label)!.attrs.value!;

describe('the public pages without JavaScript: what the server draws', () => {
  it('the home page shows the hero, the programs and the contact details', async () => {
    const { doc } = await page('/');
    expect(getAllByRole(doc, 'heading', { level: 1 })).toHaveLength(1);
    heading(doc, 'Our Programs');
    expect(hasText(doc, 'Infant Program')).toBe(true);
    expect(hasText(doc, '(614) 555-0142')).toBe(true);
    expect(hasText(doc, '1480 Summit Street')).toBe(true);
  });

  it("the events page shows today's events, the upcoming ones and the announcements, not the private ones", async () => {
    const stamp = Date.now();
    const today = centreDateOf(new Date());
    s.db
      .insert(events)
      .values({ title: `Pumpkin patch ${stamp}`, eventDate: today, startTime: '23:58', endTime: '23:59' })
      .run();
    s.db
      .insert(events)
      .values({ title: `Staff only ${stamp}`, eventDate: today, isPublic: false })
      .run();
    s.db
      .insert(announcements)
      .values({ title: `Picture day ${stamp}`, content: 'Smiles on Friday.' })
      .run();
    s.db
      .insert(announcements)
      .values({ title: `Board minutes ${stamp}`, content: 'Internal.', isPublic: false })
      .run();
    const { html, doc } = await page('/events');
    expect(html).not.toContain(`Staff only ${stamp}`);
    expect(html).not.toContain(`Board minutes ${stamp}`);
    heading(doc, 'Events & Announcements', 1);
    expect(getAllByRole(doc, 'heading', { name: /^Events on / })).toHaveLength(1);
    expect(hasText(getByRole(doc, 'region', { name: 'Upcoming Events' }), `Pumpkin patch ${stamp}`)).toBe(true);
    expect(hasText(getByRole(doc, 'region', { name: 'All Announcements' }), `Picture day ${stamp}`)).toBe(true);
  });

  it("the enrollment page shows the application form's fields", async () => {
    const { doc } = await page('/enrollment');
    heading(doc, 'Online Enrollment Application', 1);
    for (const label of [
      'Parent First Name',
      'Email Address',
      "Child's First Name",
      'Date of Birth',
      'Emergency Contact Phone',
      'Allergies',
    ])
      expect(getByLabel(doc, label).tag, label).toMatch(/^(input|select|textarea)$/);
  });

  // A field's help and error elements are drawn even when empty (FieldMessages): React Aria names both in
  // aria-describedby, and a missing one was a dangling reference until the page's script drew the field again.
  for (const path of ['/enrollment', '/milestones', '/parent-login']) {
    it(`${path}: every element a field is described or labelled by is on the page`, async () => {
      const { doc } = await page(path);
      const references = elements(doc).flatMap((el) =>
        ['aria-describedby', 'aria-labelledby'].flatMap((a) => (el.attrs[a] ?? '').split(/\s+/).filter(Boolean)),
      );
      // (/milestones: its tab panels, labelled by their tabs; /parent-login: its two fields.)
      expect(references.length).toBeGreaterThan(path === '/enrollment' ? 5 : path === '/parent-login' ? 1 : 2);
      expect(references.filter((id) => !byId(doc, id))).toEqual([]);
    });
  }

  it('the milestones page shows the statistics and the milestone cards', async () => {
    const { doc } = await page('/milestones');
    heading(doc, 'Milestone Achievement Badges', 1);
    expect(hasText(getByRole(doc, 'list', { name: 'Milestone statistics' }), 'Total Milestones')).toBe(true);
    getByRole(doc, 'heading', { name: 'Holds Head Steady' }, getByRole(doc, 'list', { name: 'Milestones' }));
  });

  // ADR 018: the calendar's days and months are links, the milestones' filters a form and its tabs links.
  it('the events calendar: a day and the month arrows are links the server answers', async () => {
    const { doc } = await page('/events');
    const [year, month] = centreDateOf(new Date()).split('-') as [string, string];
    const day = `${year}-${month}-${centreDateOf(new Date()).endsWith('-15') ? '16' : '15'}`;
    const table = getByRole(doc, 'table');
    const dayLink = elements(table).find((e) => e.tag === 'a' && e.attrs['data-day'] === day)!;
    // The day's link brings its list into view (#day-events), by the browser alone.
    expect(dayLink.attrs.href).toBe(`/events?date=${day}#day-events`);
    const chosen = await page(dayLink.attrs.href!.replace(/#.*/, ''));
    const chosenLink = elements(getByRole(chosen.doc, 'table')).find((e) => e.tag === 'a' && e.attrs['data-day'] === day)!;
    expect(chosenLink.attrs['aria-current']).toBe('date');
    const next = getByRole(chosen.doc, 'link', { name: 'Next month' }).attrs.href!;
    expect(next).toMatch(new RegExp(`^/events\\?date=${day}&month=`));
    heading((await page(next)).doc, nextMonth(), 2);
  });

  it('the milestones: the filters are sent with Apply filters, and a tab is a link', async () => {
    const { doc } = await page('/milestones');
    const apply = getByRole(doc, 'button', { name: 'Apply filters' });
    const form = [apply, ...elements(doc)].find((e) => e.tag === 'form' && elements(e).includes(apply))!;
    expect(form.attrs.method).toBe('get');
    const age = getByLabel(doc, 'Age Range');
    const category = getByLabel(doc, 'Category');
    const sent = formAddress(form, {
      [age.attrs.name!]: optionValue(age, '3-4 years'),
      [category.attrs.name!]: optionValue(category, 'Language'),
    });
    expect(sent).toBe('/milestones?age=3-4years&category=language');
    const filtered = await page(sent);
    expect(filtered.status).toBe(200);
    const canonical = getByRole(filtered.doc, 'tab', { name: 'Recent Achievements' }).attrs.href!;
    expect(canonical).toBe('/milestones?age=3-4years&category=language&tab=recent');
    const cards = getAllByRole(filtered.doc, 'listitem', {}, getByRole(filtered.doc, 'list', { name: 'Milestones' }));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((c) => !hasText(c, '3-4 years'))).toEqual([]);
    const recent = await page(canonical);
    const tab = getByRole(recent.doc, 'tab', { name: 'Recent Achievements' });
    expect(tab.attrs['aria-selected']).toBe('true');
    const panel = getByRole(recent.doc, 'tabpanel', { name: 'Recent Achievements' });
    expect('hidden' in panel.attrs).toBe(false);
  });

  it('the parent sign-in posts its form to the server: the password goes in the body, never the address or a log', async () => {
    const { doc } = await page('/parent-login');
    getByRole(doc, 'heading', { level: 1 });
    const email = getByLabel(doc, 'Email');
    const password = getAllByRole(doc, 'textbox').find((e) => e.attrs.type === 'password') ?? getByLabel(doc, 'Password');
    const form = elements(doc).find((e) => e.tag === 'form' && elements(e).includes(email) && elements(e).includes(password))!;
    expect(form.attrs.method).toBe('post');
    expect(form.attrs.action).toBe('/parent-login');
    const body = new URLSearchParams();
    for (const hidden of elements(form).filter((e) => e.tag === 'input' && e.attrs.type === 'hidden'))
      body.append(hidden.attrs.name!, hidden.attrs.value ?? '');
    body.append(email.attrs.name!, 'parent@example.com');
    body.append(password.attrs.name!, 'not-in-the-address-1');
    const res = await s.request(form.attrs.action!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      redirect: 'manual',
    });
    const answer = parseHtml(await res.text());
    expect(res.headers.get('location') ?? '').not.toContain('not-in-the-address');
    expect(textOf(getByRole(answer, 'alert'))).toContain('Invalid email or password');
  });

  it('the sign-in page with a notice in its address is drawn by the server, notice included, and never words the address holds', async () => {
    const { html, doc } = await page('/parent-login?notice=session-ended');
    expect(html).not.toContain('id="ssr-state"');
    expect(html).toContain(PARENT_NOTICES['session-ended']);
    expect(hasText(doc, PARENT_NOTICES['session-ended'])).toBe(true);
    const made = await page('/parent-login?notice=Your%20account%20is%20locked.%20Call%20555-0100');
    heading(made.doc, 'Parent Portal', 1);
    expect(made.html).not.toContain('Call 555-0100');
  });
});

describe('the not-found page is a document (ADR 072)', () => {
  for (const [language, path, words, home] of [
    ['en', '/no-such-page', en, '/'],
    ['es', '/es/no-existe', es, '/es'],
  ] as const) {
    it(`${path}: answered 404, in ${language === 'en' ? 'English' : 'Spanish'}, with the site's header and footer and a link home, drawn without the app`, async () => {
      const { status, html, doc } = await page(path);
      expect(status).toBe(404);
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<title>${notFoundTitle(language)}</title>`);
      heading(doc, words['notFound.heading'], 1);
      expect(hasText(getByRole(doc, 'main'), words['notFound.text'])).toBe(true);
      getByRole(doc, 'navigation', { name: words['nav.main'] });
      const footer = getByRole(doc, 'contentinfo');
      // The footer's program links lead to the home page's programs, not to a part of this page.
      for (const link of getAllByRole(doc, 'link', {}, footer).filter((a) => a.attrs.href?.includes('#programs')))
        expect(link.attrs.href).toBe(`${home}#programs`);
      expect(getByRole(doc, 'link', { name: words['nav.back'] }, getByRole(doc, 'main')).attrs.href).toBe(home);
      // Light: the home page's own small script and what it imports, none of the app's, no data to hydrate from.
      expect(html).toContain('<script type="module" crossorigin src="/assets/home-stand-in.js"></script>');
      expect(html).not.toContain('index-A.js');
      expect(html).not.toContain('id="ssr-state"');
      expect([...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")[^>]*>/g)]).toEqual([]);
    });
  }

  it('a signed-in area is not the not-found page: the app draws it', async () => {
    const res = await s.request('/admin-dashboard');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/assets/index-A.js');
  });
});

describe('the home page', () => {
  it('shows its seven sections in order, with the claims of the centre', async () => {
    const { doc } = await page('/');
    heading(doc, centre.name, 1);
    const sections = [
      'Our Programs',
      'Our Learning Environment',
      `About ${centre.name}`,
      'Events & Announcements',
      'Enroll Your Child Today',
    ];
    for (const name of sections) heading(doc, name, 2);
    const order = getAllByRole(doc, 'heading', { level: 2 }, getByRole(doc, 'main')).map((h) => textOf(h));
    expect(order.filter((t) => sections.includes(t))).toEqual(sections);
    // Anchors the navigation and buttons rely on.
    for (const id of ['home', 'programs', 'about', 'contact'])
      expect(elements(doc).filter((e) => e.tag === 'section' && e.attrs.id === id)).toHaveLength(1);

    expect(exactText(doc, 'NOW ENROLLING').length).toBeGreaterThan(0);
    for (const text of [
      "contact us today to secure your child's spot",
      'Licensed by the Ohio Department of Job and Family Services',
      'Step Up To Quality 2-Star Rated',
      'Bronze rating — Ohio Department of Children and Youth',
    ])
      expect(hasText(doc, text), text).toBe(true);

    const programs = byId(doc, 'programs')!;
    expect(exactText(programs, 'ENROLLING NOW')).toHaveLength(3);
    for (const [name, ages, skills] of [
      ['Infant Program', '6 weeks to 18 months', ['Sensory exploration', 'Motor development', 'Language foundation']],
      ['Preschool Program', '18 months to 4 years', ['Active imagination', 'Ohio standards', 'Social development']],
      ['Kindergarten Prep', '4 to 5 years', ['Literacy and language', 'Mathematical foundations', 'School readiness']],
    ] as const) {
      const cards = getAllByRole(doc, 'listitem', {}, programs).filter((li) => getAllByRole(doc, 'heading', { name }, li).length > 0);
      expect(cards, name).toHaveLength(1);
      expect(hasText(cards[0]!, ages), ages).toBe(true);
      for (const skill of skills) expect(hasText(cards[0]!, skill), skill).toBe(true);
    }

    expect(getByRole(doc, 'link', { name: 'Apply Online Today' }).attrs.href).toBe('/enrollment');
    getByRole(doc, 'button', { name: 'View Programs' });
    expect(getByRole(doc, 'link', { name: 'Enroll Your Child Today' }).attrs.href).toBe('/enrollment');
    expect(getByRole(doc, 'link', { name: 'View Full Calendar & All Announcements' }).attrs.href).toBe('/events');

    const contact = byId(doc, 'contact')!;
    for (const phone of centre.phones) expect(getByRole(doc, 'link', { name: phone }, contact).attrs.href).toBe(telHref(phone));
    expect(telHref(centre.phones[0])).toMatch(/^tel:\+1\d{10}$/);
    expect(hasText(contact, 'Monday - Friday: 7:30 AM - 5:30 PM')).toBe(true);
    expect(hasText(contact, centre.address.street)).toBe(true);
    const maps = getByRole(doc, 'link', { name: /View on Maps/ }, contact);
    expect(maps.attrs).toMatchObject({ href: centreMapsUrl, target: '_blank' });
    expect(maps.attrs.rel).toMatch(/noopener/);
    expect(hasText(contact, centre.licence)).toBe(true);
    expect(getByRole(doc, 'link', { name: 'Complete Online Enrollment Application' }, contact).attrs.href).toBe('/enrollment');
    expect(getByRole(doc, 'link', { name: centre.email }, contact).attrs.href).toBe(`mailto:${centre.email}`);
    for (const group of [
      'Parent/Guardian Information',
      'Child Information and Medical Details',
      'Emergency Contact Information',
      'Program Selection and Start Date',
    ])
      expect(exactText(contact, group).length, group).toBeGreaterThan(0);

    const footer = getByRole(doc, 'contentinfo');
    expect(hasText(footer, `© 2024 ${centre.name}. All rights reserved.`)).toBe(true);
    for (const name of ['Infant Program', 'Preschool Program', 'Kindergarten Prep'])
      expect(getByRole(doc, 'link', { name }, footer).attrs.href).toBe('#programs');
    const social = getByRole(doc, 'link', { name: /Facebook/ }, footer);
    expect(social.attrs).toMatchObject({ href: centre.socialUrl, target: '_blank' });
    getByRole(doc, 'button', { name: 'Instagram (coming soon)' }, footer);
    expect(getAllByRole(doc, 'link', { name: 'Instagram (coming soon)' }, footer)).toEqual([]);
  });

  it('the teaser lists the next three public events and the three newest public announcements, never private ones', async () => {
    // A server of its own over the template database: nothing another test added.
    const fresh = await startSite();
    try {
      const day = (offset: number) => addDays(centreDateOf(new Date()), offset);
      fresh.db
        .insert(events)
        .values([
          { title: 'Teaser past picnic', eventDate: day(-2), category: 'general' },
          { title: 'Teaser private staff day', eventDate: day(0), isPublic: false },
          // Dated today: still upcoming ("today or later").
          { title: 'Teaser story time', eventDate: day(0), startTime: '23:00', category: 'general' },
          { title: 'Teaser art show', eventDate: day(1), startTime: '14:30', endTime: '15:15', category: 'general' },
          { title: 'Teaser zoo trip', eventDate: day(3), startTime: '09:00', category: 'field-trip' },
          { title: 'Teaser flu clinic', eventDate: day(5), category: 'health' },
          { title: 'Teaser fourth event', eventDate: day(9), category: 'holiday' },
        ])
        .run();
      const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
      fresh.db
        .insert(announcements)
        .values([
          { title: 'Teaser oldest note', content: 'Old news', createdAt: at(9) },
          { title: 'Teaser lice notice', content: 'Please check hair nightly.', priority: 'high', category: 'health', createdAt: at(3) },
          { title: 'Teaser new menu', content: 'New lunch menu.', createdAt: at(2) },
          { title: 'Teaser open house', content: 'Visit us Saturday.', priority: 'low', createdAt: at(1) },
          { title: 'Teaser staff memo', content: 'Staff only', isPublic: false, createdAt: at(0) },
        ])
        .run();
      const { doc } = await page('/', fresh);
      const upcoming = heading(doc, 'Upcoming Events').parent!;
      expect(getAllByRole(doc, 'heading', { level: 4 }, upcoming).map(textOf)).toEqual([
        'Teaser story time',
        'Teaser art show',
        'Teaser zoo trip',
      ]);
      expect(hasText(upcoming, '2:30 PM - 3:15 PM')).toBe(true);
      expect(hasText(upcoming, 'Field Trip')).toBe(true);
      const news = heading(doc, 'Important Announcements').parent!;
      expect(getAllByRole(doc, 'heading', { level: 4 }, news).map(textOf)).toEqual([
        'Teaser open house',
        'Teaser new menu',
        'Teaser lice notice',
      ]);
      expect(hasText(news, 'High Priority')).toBe(true);
      for (const hidden of ['Teaser private staff day', 'Teaser staff memo', 'Teaser past picnic', 'Teaser flu clinic'])
        expect(hasText(doc, hidden), hidden).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('the drawn page is kept only until something is written: a new announcement is in the next HTML', async () => {
    const title = `Snow day ${Date.now()}`;
    const before = await page('/');
    expect(before.html).toContain('Our Programs');
    expect(before.html).not.toContain(title);
    // The newest of all, so it is in the home page's three whatever else was posted: the page carries only what it
    // shows, no data block (ADR 016).
    s.db
      .insert(announcements)
      .values({ title, content: 'The centre is closed.', isPublic: true, createdAt: new Date(Date.now() + 2 * 86_400_000) })
      .run();
    expect((await page('/')).html).toContain(title);
  });
});

// `nameOf` is what the checks above read names with: a link's name is its text, or its image's alt.
it('the parser reads names and roles as the browser tests did', () => {
  const doc = parseHtml(
    '<main><section aria-labelledby="t"><h2 id="t">Hi &amp; bye</h2><a href="/x"><img alt="Home"></a><label for="f">Email</label><input id="f"></section></main>',
  );
  expect(nameOf(doc, getByRole(doc, 'region'))).toBe('Hi & bye');
  expect(getByRole(doc, 'link', { name: 'Home' }).attrs.href).toBe('/x');
  expect(getByLabel(doc, 'Email').attrs.id).toBe('f');
  expect(() => getByRole(doc, 'button')).toThrow(/0 elements/);
});
