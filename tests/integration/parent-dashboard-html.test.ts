import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DehydratedState } from '@tanstack/react-query';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyActivities, developmentNotes } from '../../db/schema';
import { centreDateOf, centreOffsetAt } from '../../src/shared/centre-time';
import { as, sharedAdminServer } from '../helpers/admin-server';
import { getByRole, hasText, parseHtml } from '../helpers/html';
import { enrolFamily, type Family } from '../helpers/parent-fixtures';
import { writeStandInBuildWithRealRender } from '../helpers/stand-in-build';

/**
 * What the server draws of the parent dashboard for the signed-in parent (ADR 011), read from the HTML it sends:
 * the real server render (src/client/entry-server.tsx, loaded from source) over a stand-in client build, so what a
 * parent reads before any script runs, or with none, is checked without a browser (ADR 072).
 * tests/e2e/parent-dashboard-render.spec.ts keeps what needs one: React taking the page over without a mismatch,
 * the child select, the tabs and the dialogs working, the address and Back.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parent-dashboard-html-'));
  writeStandInBuildWithRealRender(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The real clock: the dashboard's "today" is the centre's day by the clock the render reads.
const s = sharedAdminServer(() => ({
  clientDir: join(dir, 'client'),
  ssrDir: join(dir, 'ssr'),
  clock: { now: () => new Date(), set() {}, advance() {}, sleep: async () => {} },
}));

/** 03:00 UTC: the evening before in Columbus (the server's clock is in UTC). */
const NOTE_WRITTEN = new Date('2026-11-20T03:00:00Z');

let fam: Family;
beforeAll(async () => {
  fam = await enrolFamily(
    s,
    'ruth.drawn@example.com',
    ['Nora Drawn', 'Otto Drawn'],
    [{ parentName: 'Ruth Drawn' }, { parentName: 'Ruth Drawn' }],
  );
  const [nora, otto] = fam.children as [Family['children'][number], Family['children'][number]];
  const today = centreDateOf(new Date());
  s.db
    .insert(developmentNotes)
    .values({
      childId: nora.id,
      authorName: 'Ms. Lee',
      category: 'language',
      title: 'Sang a song',
      content: 'The whole chorus',
      createdAt: NOTE_WRITTEN,
    })
    .run();
  s.db
    .insert(dailyActivities)
    .values({ childId: nora.id, activityDate: today, category: 'outdoor', title: 'Puddle jumping', description: 'Boots on' })
    .run();
  s.db
    .insert(dailyActivities)
    .values({ childId: otto.id, activityDate: today, category: 'creative', title: 'Clay animals', description: 'A cat' })
    .run();
  // The server render is loaded from source on the first page drawn: here, in a hook, not in the first test's time.
  expect((await s.request('/')).status).toBe(200);
});

async function dashboard(query: string, cookie: string | null) {
  const res = await s.request(`/parent-dashboard${query}`, {
    headers: { 'accept-encoding': 'identity', ...(cookie ? as(cookie).headers : {}) },
  });
  const html = await res.text();
  return { res, html, doc: parseHtml(html) };
}

describe('the parent dashboard as the server draws it', () => {
  it("a signed-in parent's overview holds their child's day, private, with the state React takes it over from", async () => {
    const { res, html, doc } = await dashboard('?tab=overview', fam.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Drawn on the server: the child's name, the note and the activity are in the HTML itself.
    expect(html).toMatch(/<h1[^>]*>Nora Drawn(<!-- -->)?&#x27;s Development Journey<\/h1>/);
    expect(html).toContain('Sang a song');
    expect(html).toContain('Puddle jumping');
    expect(html).toContain('id="ssr-state"');
    // The note's day is the centre's (a server writing its own UTC day would say Nov 20 and not match the browser's).
    expect(html).toContain('<time dateTime="2026-11-20T03:00:00.000Z">Nov 19, 2026</time>');
    // Without JavaScript, what the parent reads: the heading, the note, the activity, the greeting.
    getByRole(doc, 'heading', { level: 1, name: "Nora Drawn's Development Journey" });
    expect(hasText(doc, 'Sang a song')).toBe(true);
    expect(hasText(doc, 'Puddle jumping')).toBe(true);
    expect(hasText(doc, 'Welcome, Ruth')).toBe(true);
    // The other child's day is not this page's.
    expect(html).not.toContain('Clay animals');
  });

  it('the child in the address is the one drawn', async () => {
    const otto = fam.children[1]!;
    const { html } = await dashboard(`?child=${otto.id}&tab=activities`, fam.cookie);
    expect(html).toMatch(/<h1[^>]*>Otto Drawn(<!-- -->)?&#x27;s Development Journey<\/h1>/);
    expect(html).not.toMatch(/<h1[^>]*>Nora Drawn(<!-- -->)?&#x27;s Development Journey<\/h1>/);
  });

  it('on a day with no report to sign and no dose, the Today tab holds nothing for them: no part for the browser to load and hydrate', async () => {
    const { html } = await dashboard('', fam.cookie);
    const today = /<section aria-labelledby="today-heading"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(today).toContain('today-heading');
    // A Suspense boundary React hydrates (<!--$-->): the notice's and the doses' code would load at start to fill it
    // (components/parent/TodayTab.tsx, ADR 117).
    expect(today).not.toContain('<!--$');
  });

  it("the page's state carries the centre clock's offset it was rendered with: the browser tells whether the centre is open without a time-zone formatter", async () => {
    const { html } = await dashboard('', fam.cookie);
    const state = superjson.parse<DehydratedState>(
      /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '',
    );
    const offset = state.queries.find((q) => q.queryKey[0] === 'centre-offset')?.state.data;
    expect(offset).toBe(centreOffsetAt(new Date()));
    // America/New_York: five or four hours behind UTC.
    expect([-5 * 3_600_000, -4 * 3_600_000]).toContain(offset);
  });

  it('signed out, nothing personal is in the page', async () => {
    const { res, html } = await dashboard('', null);
    expect(res.status).toBe(200);
    expect(html).not.toContain('id="ssr-state"');
    expect(html).not.toContain('Nora Drawn');
  });
});
