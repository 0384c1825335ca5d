/**
 * What the Attendance tab and the Daily sheets carry besides the day (ADR 081): the children who start later, for the
 * rooms the caller may see (a director every room, a teacher the rooms she is on the staff of), and each child's
 * allergies and care needs from the labelled lines of the record's notes, to staff only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addChild, as, sharedAdminServer } from '../helpers/admin-server';
import { json } from '../helpers/enrollment-fixtures';
import { bearer, enrolFamily, type Family } from '../helpers/parent-fixtures';
import { callProcedure } from '../helpers/authz-fixtures';
import { addDays, centreDateOf } from '../../src/shared/centre-time';
import { careFlagsOf } from '../../src/server/children/care-flags';

const s = sharedAdminServer();

type Starter = { childId: string; childName: string; startDate: string; classroomId: string | null };
type Flags = { allergies: string | null; careNeeds: string | null };
type Day = { children: ({ childId: string } & Flags)[]; startingLater: Starter[] };
type Room = { children: ({ id: string } & Flags)[]; startingLater: Starter[] };

let teacher = '';
let today = '';
let leaf = '';
let moss = '';
const patch = (path: string, body: unknown) => s.request(path, { method: 'PATCH', json: body, ...as(s.admin) });

async function room(name: string, staffIds: string[] = []) {
  const res = await s.request('/api/admin/classrooms', {
    method: 'POST',
    json: { name, ageGroup: 'preschool_3', capacity: 20 },
    ...as(s.admin),
  });
  expect(res.status).toBe(201);
  const { id } = await json<{ id: string }>(res);
  if (staffIds.length) expect((await patch(`/api/admin/classrooms/${id}`, { staffIds })).status).toBe(200);
  return id;
}
async function childIn(roomId: string | null, fields: Record<string, unknown>) {
  const child = await addChild(s, fields);
  if (roomId) expect((await patch(`/api/admin/enrolled-children/${child.id}`, { classroomId: roomId })).status).toBe(200);
  return child;
}
const day = async (cookie: string) => {
  const res = await s.request(`/api/admin/attendance?date=${today}`, as(cookie));
  expect(res.status).toBe(200);
  return json<Day>(res);
};
const sheet = async (cookie: string, classroomId: string | null = null) => {
  const res = await callProcedure(s, 'daily.room', 'query', { classroomId, date: today }, { cookie });
  expect(res.status).toBe(200);
  return (await json<{ result: { data: { json: Room } } }>(res)).result.data.json;
};

beforeAll(async () => {
  today = centreDateOf(s.clock.now());
  teacher = await s.adminCookie('tess.teacher@example.com', 'teacher');
  const teacherId = s.db.query.adminUsers.findFirst({ where: (u, { eq }) => eq(u.email, 'tess.teacher@example.com') }).sync()!.id;
  leaf = await room('Leaf Room', [teacherId]);
  moss = await room('Moss Room');
});

describe('children who start later', () => {
  it('are named with their first day, soonest first: every room for a director, her own rooms for a teacher', async () => {
    const mia = await childIn(leaf, { childName: 'Mia Later', startDate: addDays(today, 5) });
    const leo = await childIn(moss, { childName: 'Leo Later', startDate: addDays(today, 40) });
    const ivy = await childIn(null, { childName: 'Ivy Roomless', startDate: addDays(today, 12) });
    const started = await childIn(leaf, { childName: 'Sam Started', startDate: today });
    const gone = await childIn(leaf, { childName: 'Gus Gone', startDate: addDays(today, 3), isActive: false });

    const director = await day(s.admin);
    expect(director.startingLater).toEqual([
      { childId: mia.id, childName: 'Mia Later', startDate: addDays(today, 5), classroomId: leaf },
      { childId: ivy.id, childName: 'Ivy Roomless', startDate: addDays(today, 12), classroomId: null },
      { childId: leo.id, childName: 'Leo Later', startDate: addDays(today, 40), classroomId: moss },
    ]);
    // Not on the day's list itself, which holds the child who starts today.
    expect(director.children.map((c) => c.childId)).toContain(started.id);
    expect(director.children.map((c) => c.childId)).not.toContain(mia.id);
    expect(JSON.stringify(director)).not.toContain(gone.id);

    // A teacher on the Leaf Room's staff: its later starters only.
    expect((await day(teacher)).startingLater.map((c) => c.childName)).toEqual(['Mia Later']);
    expect((await sheet(teacher)).startingLater.map((c) => c.childName)).toEqual(['Mia Later']);
    expect((await sheet(teacher, leaf)).startingLater.map((c) => c.childName)).toEqual(['Mia Later']);
    expect((await sheet(teacher, moss)).startingLater).toEqual([]);

    // The Daily sheets: the chosen room's later starters, or every room's.
    expect((await sheet(s.admin, moss)).startingLater.map((c) => c.childName)).toEqual(['Leo Later']);
    expect((await sheet(s.admin)).startingLater.map((c) => c.childName)).toEqual(['Mia Later', 'Ivy Roomless', 'Leo Later']);

    // Once the day comes the child is on the list and no longer a later starter.
    const then = await s.request(`/api/admin/attendance?date=${addDays(today, 5)}`, as(s.admin));
    const thenDay = await json<Day>(then);
    expect(thenDay.children.map((c) => c.childId)).toContain(mia.id);
    expect(thenDay.startingLater.map((c) => c.childName)).toEqual(['Ivy Roomless', 'Leo Later']);
  });

  it('a teacher on no room sees none', async () => {
    const other = await s.adminCookie('nora.teacher@example.com', 'teacher');
    expect((await day(other)).startingLater).toEqual([]);
    expect((await sheet(other)).startingLater).toEqual([]);
  });
});

describe('allergies and care needs on the cards', () => {
  let family: Family;
  let stranger: Family;
  const NOTES = [
    'Allergies: Peanuts (EpiPen in the office)',
    'Medical conditions: Asthma',
    'Medications: Inhaler before outdoor play',
    'Emergency contact: Gran Fox (grandparent), 614-555-0188',
    'Loves puzzles',
  ].join('\n');

  beforeAll(async () => {
    family = await enrolFamily(s, 'fox.family@example.com', ['Finn Fox'], [{ notes: NOTES, startDate: today }]);
    stranger = await enrolFamily(s, 'other.family@example.com', ['Olive Other'], [{ notes: 'Allergies: none', startDate: today }]);
    expect((await patch(`/api/admin/enrolled-children/${family.children[0]!.id}`, { classroomId: leaf })).status).toBe(200);
  });

  it('the Attendance day and the Daily sheets carry the labelled lines, not the rest of the notes', async () => {
    const finn = family.children[0]!.id;
    const olive = stranger.children[0]!.id;
    for (const cookie of [s.admin, teacher]) {
      const attendance = await day(cookie);
      expect(attendance.children.find((c) => c.childId === finn)).toMatchObject({
        allergies: 'Peanuts (EpiPen in the office)',
        careNeeds: 'Asthma; Inhaler before outdoor play',
      });
      // "none" is no flag.
      expect(attendance.children.find((c) => c.childId === olive)).toMatchObject({ allergies: null, careNeeds: null });
      const daily = await sheet(cookie, leaf);
      expect(daily.children.find((c) => c.id === finn)).toMatchObject({
        allergies: 'Peanuts (EpiPen in the office)',
        careNeeds: 'Asthma; Inhaler before outdoor play',
      });
      // The notes themselves (the emergency contact's phone) are not on these lists.
      expect(JSON.stringify(attendance)).not.toContain('555-0188');
      expect(JSON.stringify(daily)).not.toContain('555-0188');
      expect(JSON.stringify(daily)).not.toContain('Loves puzzles');
    }
  });

  it('no parent gets them: the staff lists refuse a parent, and a parent\u2019s own answers do not carry another family\u2019s', async () => {
    for (const f of [family, stranger]) {
      for (const headers of [{ cookie: f.cookie }, bearer(f.token).headers]) {
        const attendance = await s.request(`/api/admin/attendance?date=${today}`, { headers });
        expect([401, 403]).toContain(attendance.status);
        expect(await attendance.text()).not.toContain('Peanuts');
        const daily = await callProcedure(s, 'daily.room', 'query', { classroomId: null, date: today }, headers);
        expect([401, 403]).toContain(daily.status);
        expect(await daily.text()).not.toContain('Peanuts');
        const day2 = await callProcedure(s, 'attendance.day', 'query', { date: today }, headers);
        expect([401, 403]).toContain(day2.status);
        expect(await day2.text()).not.toContain('Peanuts');
      }
    }
    const theirs = await s.request('/api/parent/children', bearer(stranger.token));
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).not.toContain('Peanuts');
    const notTheirs = await s.request(`/api/parent/daily-entries/${family.children[0]!.id}`, bearer(stranger.token));
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.text()).not.toContain('Peanuts');
  });
});

describe('careFlagsOf', () => {
  it('reads the labelled lines in any case, joins several, and takes "none" for no flag', () => {
    expect(careFlagsOf(null)).toEqual({ allergies: null, careNeeds: null });
    expect(careFlagsOf('allergy: eggs\nALLERGIES: Dairy\r\nCare needs: Naps at 12\nSpecial instructions: N/A')).toEqual({
      allergies: 'eggs; Dairy',
      careNeeds: 'Naps at 12',
    });
    expect(careFlagsOf('Allergies: None.\nNotes: allergies: cats')).toEqual({ allergies: null, careNeeds: null });
  });
});
