/**
 * A centre's data at a size, for benchmarks and query-plan checks: children with their parents' accounts,
 * a long history of daily activities, development notes, messages and payment receipts, plus a year of
 * public content (events, announcements, gallery rows) and tuition billing for the active children's families (ten
 * years, or one for the small size; seed-billing.ts: invoices, payments and credits written by the billing domain's
 * own functions, a transaction each as in production, so ten years of it take minutes). The other rows go in through
 * drizzle (so every default and JSON column is the app's own), in batches inside one transaction: seconds.
 *
 *   npm run seed:scale                       ten years into DATABASE_PATH (200 children, 100,000 activities,
 *                                            20,000 notes, 50,000 messages, 20,000 receipts)
 *   npm run seed:scale -- --size small       one year (a tenth of each)
 *
 * The parents' accounts get no usable password (the hash is not an argon2 hash): nobody can sign in as them.
 * The first family (BENCH_PARENT_EMAIL) has two active children; the benchmark signs in as that parent by
 * creating a session directly. Not idempotent: run it on an empty database.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { prepareDatabase } from '../src/server/bootstrap';
import { loadConfig, privateDirOf } from '../src/server/config';
import { type Db, openDatabase } from '../src/server/db';
import { seedAuditLog } from './seed-audit';
import { seedBilling } from './seed-billing';
import { seedDemo } from './seed-demo';
import { centreMidnight } from '../src/shared/centre-time';
import {
  announcements,
  attendanceEvents,
  authorizedPickups,
  classrooms,
  communicationMessages,
  dailyActivities,
  dailyEntries,
  developmentNotes,
  enrolledChildren,
  enrollmentApplications,
  events,
  parentChildRelationships,
  parentUsers,
  paymentReceipts,
  pictures,
} from '../db/schema';

export interface ScaleSize {
  children: number;
  activities: number;
  notes: number;
  messages: number;
  receipts: number;
  /** Enrollment applications received over the years (none when absent). */
  applications?: number;
  /** Audit rows (ADR 038's growth: about 50,000 staff writes a year for a centre of 60 children). */
  audit?: number;
  /** Stays (a check-in and its check-out), spread over the children's weekdays (none when absent). */
  attendance?: number;
  /** Daily sheet entries: six a day per child present, ten years of days (none when absent). */
  dailyEntries?: number;
  /** Months of tuition billing for the active children, ending with this one (seed-billing.ts; none when absent). */
  billingMonths?: number;
}

export const SIZES = {
  /** Ten years of a centre. */
  scale: {
    children: 200,
    activities: 100_000,
    notes: 20_000,
    messages: 50_000,
    receipts: 20_000,
    applications: 3_000,
    audit: 500_000,
    attendance: 100_000,
    // Ten years of a 60-child centre's sheets: 60 children x 6 entries x 250 days x 10 years.
    dailyEntries: 900_000,
    // Ten years of monthly invoices for the active families (the small size keeps one year).
    billingMonths: 120,
  },
  /** One year: a tenth of each, the same history per child. */
  small: {
    children: 20,
    activities: 10_000,
    notes: 2_000,
    messages: 5_000,
    receipts: 2_000,
    applications: 300,
    audit: 50_000,
    attendance: 10_000,
    dailyEntries: 90_000,
    billingMonths: 12,
  },
} satisfies Record<string, ScaleSize>;

export const BENCH_PARENT_EMAIL = 'bench.parent@example.com';

const DAY = 86_400_000;
const CATEGORIES = ['learning', 'art', 'music', 'outdoor', 'social', 'physical'];
const SKILLS = [
  'listening',
  'counting',
  'sharing',
  'colours',
  'shapes',
  'balance',
  'turn-taking',
  'letters',
  'rhyming',
  'cutting',
  'sorting',
  'climbing',
];
const PROGRAMS = ['infant', 'preschool', 'kindergarten-prep'];
const BATCH = 500;
/** ADR 038's estimate for a centre of 60 children: the audit rows' years follow from their count. */
const AUDIT_ROWS_A_YEAR = 50_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Inserts rows in batches (SQLite's limit on bound values) inside the caller's transaction. */
function insertAll<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]): void {
  for (let i = 0; i < rows.length; i += BATCH)
    db.insert(table)
      .values(rows.slice(i, i + BATCH))
      .run();
}

export function seedScale(db: Db, size: ScaleSize, now: Date = new Date()): { parentId: string; childIds: string[] } {
  const today = now.getTime();
  seedDemo(db, now);
  const families = Math.ceil(size.children / 2) + 1;
  let bench = { parentId: '', childIds: [] as string[] };

  db.transaction(() => {
    // Public content: a year of events, a dozen announcements (two expired), two dozen pictures.
    insertAll(
      db,
      events,
      Array.from({ length: 48 }, (_, i) => ({
        title: `Centre event ${i + 1}`,
        description: 'Families welcome. Please sign in at the front desk when you arrive and bring a labelled water bottle.',
        eventDate: isoDay(today + (i - 24) * 7 * DAY),
        startTime: '09:00',
        endTime: '11:00',
        category: ['general', 'holiday', 'field-trip', 'conference', 'health'][i % 5]!,
        isPublic: i % 8 !== 0,
        location: 'Main hall',
      })),
    );
    insertAll(
      db,
      announcements,
      Array.from({ length: 12 }, (_, i) => ({
        title: `Announcement ${i + 1}`,
        content: 'A note for families about the weeks ahead: closures, health reminders and what to pack for the season.',
        category: ['general', 'health', 'enrollment'][i % 3]!,
        priority: i === 0 ? 'high' : 'normal',
        isPublic: i % 6 !== 5,
        expiresAt: i < 2 ? isoDay(today - (i + 1) * DAY) : i % 2 ? isoDay(today + 30 * DAY) : null,
        createdAt: new Date(today - i * 3 * DAY),
        updatedAt: new Date(today - i * 3 * DAY),
      })),
    );
    insertAll(
      db,
      pictures,
      Array.from({ length: 24 }, (_, i) => ({
        fileName: `scale-picture-${String(i).padStart(3, '0')}.webp`,
        originalName: `scale-picture-${i}.webp`,
        fileSize: 120_000,
        mimeType: 'image/webp',
        category: ['general', 'art', 'outdoor'][i % 3]!,
        caption: i % 4 ? `Children at play, picture ${i + 1}` : null,
        uploadedAt: new Date(today - i * 5 * DAY),
      })),
    );

    // Families: one parent account per family, two children in the first (the benchmark's), the others one
    // or two, enrolled over ten years; only the latest few dozen still active.
    const parents = insertReturning(
      db,
      parentUsers,
      Array.from({ length: families }, (_, f) => ({
        email: f === 0 ? BENCH_PARENT_EMAIL : `family${f}@example.com`,
        firstName: f === 0 ? 'Bench' : `Parent${f}`,
        lastName: f === 0 ? 'Parent' : `Family${f}`,
        passwordHash: 'no-password',
      })),
    );
    const childRows = Array.from({ length: size.children }, (_, i) => {
      const f = i < 2 ? 0 : 1 + Math.floor((i - 2) / 2);
      const parent = parents[f % parents.length]!;
      // The first children are the current ones; later ones left the centre years ago.
      const leftDaysAgo = i < 40 ? 0 : Math.floor((i / size.children) * 3650);
      return {
        childName: `Child ${String(i + 1).padStart(3, '0')}`,
        parentName: `${parent.firstName} ${parent.lastName}`,
        parentEmail: parent.email,
        dateOfBirth: isoDay(today - leftDaysAgo * DAY - (400 + (i % 900)) * DAY),
        program: PROGRAMS[i % 3]!,
        startDate: isoDay(today - leftDaysAgo * DAY - 700 * DAY),
        isActive: leftDaysAgo === 0,
        parentId: parent.id,
        leftDaysAgo,
      };
    });
    const children = insertReturning(
      db,
      enrolledChildren,
      childRows.map(({ parentId: _p, leftDaysAgo: _l, ...c }) => c),
    ).map((c, i) => ({
      ...c,
      parentId: childRows[i]!.parentId,
      parentName: childRows[i]!.parentName,
      lastDay: today - childRows[i]!.leftDaysAgo * DAY,
    }));
    insertAll(
      db,
      parentChildRelationships,
      children.map((c) => ({ parentId: c.parentId, childId: c.id, isPrimary: true })),
    );
    bench = { parentId: parents[0]!.id, childIds: children.slice(0, 2).map((c) => c.id) };

    // History, spread evenly over the children: each child's rows go back day by day from its last day.
    const per = (total: number) => Math.ceil(total / size.children);
    const perActivities = per(size.activities);
    const activities = [];
    for (let n = 0; n < size.activities; n++) {
      const c = children[n % size.children]!;
      const k = Math.floor(n / size.children);
      const at = c.lastDay - k * DAY * 1.4;
      activities.push({
        childId: c.id,
        activityDate: isoDay(at),
        category: CATEGORIES[n % CATEGORIES.length]!,
        title: `Activity ${k + 1} of ${perActivities}`,
        description: 'Stories, songs and a walk in the garden; the group talked about the weather and counted the leaves.',
        duration: 15 + (n % 6) * 5,
        skillsPracticed: [SKILLS[n % SKILLS.length]!, SKILLS[(n * 7) % SKILLS.length]!],
        enjoymentLevel: 1 + (n % 5),
        participationLevel: 'active',
        createdAt: new Date(at),
      });
    }
    insertAll(db, dailyActivities, activities);
    activities.length = 0;

    seedDailyEntries(db, children, size.dailyEntries ?? 0);

    const notes = [];
    for (let n = 0; n < size.notes; n++) {
      const c = children[n % size.children]!;
      const k = Math.floor(n / size.children);
      notes.push({
        childId: c.id,
        authorName: 'Classroom Teacher',
        category: ['social', 'cognitive', 'physical', 'language'][n % 4]!,
        title: `Observation ${k + 1}`,
        content: 'Played well with friends at the sand table, shared the buckets and asked for a turn with words.',
        skillsObserved: [SKILLS[n % SKILLS.length]!],
        developmentAreas: ['social'],
        isPrivate: Math.floor(n / size.children) % 10 === 9,
        createdAt: new Date(c.lastDay - k * DAY * 7),
      });
    }
    insertAll(db, developmentNotes, notes);
    notes.length = 0;

    const messages = [];
    for (let n = 0; n < size.messages; n++) {
      const c = children[n % size.children]!;
      const parent = parents.find((p) => p.id === c.parentId)!;
      const k = Math.floor(n / size.children);
      const fromParent = n % 2 === 1;
      const at = new Date(c.lastDay - k * DAY * 3);
      messages.push({
        type: 'general_message',
        senderType: fromParent ? 'parent' : 'admin',
        senderId: fromParent ? parent.id : 'admin',
        senderName: fromParent ? c.parentName : 'Centre Director',
        recipientType: fromParent ? 'admin' : 'parent',
        recipientId: fromParent ? 'admin' : parent.email,
        recipientName: fromParent ? 'Centre Director' : c.parentName,
        childId: c.id,
        childName: c.childName,
        subject: `About ${c.childName}`,
        content: 'A short note about the day: nap times, lunch, and a reminder about the form due next week.',
        isRead: k > 2,
        createdAt: at,
        updatedAt: at,
      });
    }
    insertAll(db, communicationMessages, messages);
    messages.length = 0;

    const receipts = [];
    // The billed year's payments are seed-billing.ts's (receipts the billing domain applies): these end before it.
    const billedFrom = (size.billingMonths ?? 0) * 31 * DAY;
    for (let n = 0; n < size.receipts; n++) {
      const c = children[n % size.children]!;
      const k = Math.floor(n / size.children);
      const at = c.lastDay - (c.isActive ? billedFrom : 0) - k * DAY * 14;
      const parent = parents.find((p) => p.id === c.parentId)!;
      receipts.push({
        childId: c.id,
        childName: c.childName,
        parentName: c.parentName,
        parentEmail: parent.email,
        paymentType: 'tuition',
        amount: '425.00',
        paymentMethod: 'card',
        paymentDate: isoDay(at),
        periodCovered: 'Two weeks',
        receiptNumber: `SEED-${isoDay(at).slice(0, 4)}-${String(n + 1).padStart(6, '0')}`,
        emailSent: true,
        emailSentAt: new Date(at),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
    }
    insertAll(db, paymentReceipts, receipts);

    // Applications over the years, every detail filled in as the form sends them; most long decided.
    const statuses = ['approved', 'rejected', 'waitlist', 'more-info', 'pending'];
    insertAll(
      db,
      enrollmentApplications,
      Array.from({ length: size.applications ?? 0 }, (_, n) => {
        const at = today - n * DAY;
        return {
          parentFirstName: `Parent${n}`,
          parentLastName: 'Applicant',
          parentEmail: `applicant${n}@example.com`,
          parentPhone: '(614) 555-0199',
          parentAddress: `${n + 1} High Street`,
          parentCity: 'Columbus',
          parentState: 'OH',
          parentZip: '43215',
          childFirstName: `Child${n}`,
          childLastName: 'Applicant',
          childDateOfBirth: isoDay(at - 3 * 365 * DAY),
          childAge: '3 years',
          programRequested: PROGRAMS[n % PROGRAMS.length]!,
          startDate: isoDay(at + 60 * DAY),
          emergencyContactName: 'Rosa Applicant',
          emergencyContactPhone: '614-555-0100',
          emergencyContactRelationship: 'grandparent',
          pediatricianName: 'Dr. Shah',
          pediatricianPhone: '614-555-0111',
          allergies: 'None known',
          medications: 'None',
          medicalConditions: 'None',
          specialInstructions: 'Naps after lunch; brings a comfort blanket from home.',
          howDidYouHear: 'google',
          status: n < 20 ? 'pending' : statuses[n % statuses.length]!,
          createdAt: new Date(at),
        };
      }),
    );
    seedAttendance(db, children, size.attendance ?? 0);
    // Keyed and anchored in the private folder beside the database, as the app would find them.
    seedAuditLog(db, size.audit ?? 0, Math.max(1, (size.audit ?? 0) / AUDIT_ROWS_A_YEAR), now, privateDirOf(db.$client.name));
  });
  if (size.billingMonths) seedBilling(db, privateDirOf(db.$client.name), now, size.billingMonths);
  return bench;
}

const ROOMS = [
  { name: 'Acorn Room', ageGroup: 'infant', capacity: 8 },
  { name: 'Birch Room', ageGroup: 'older_toddler', capacity: 14 },
  { name: 'Cedar Room', ageGroup: 'preschool_3', capacity: 24 },
  { name: 'Maple Room', ageGroup: 'preschool_4_5', capacity: 28 },
];

/**
 * Four rooms with the active children shared among them, one authorized pickup per active child, and
 * `stays` check-ins with their check-outs: each child's weekdays back from its last day (in between 7:30 and
 * 8:30, out between 16:30 and 17:30 in Columbus), so the centre's ten years hold attendance every weekday.
 */
function seedAttendance(db: Db, children: { id: string; isActive: boolean; parentName: string; lastDay: number }[], stays: number): void {
  if (children.length === 0) return;
  const rooms = insertReturningRooms(db);
  const active = children.filter((c) => c.isActive);
  active.forEach((c, i) =>
    db
      .update(enrolledChildren)
      .set({ classroomId: rooms[i % rooms.length]! })
      .where(eq(enrolledChildren.id, c.id))
      .run(),
  );
  insertAll(
    db,
    authorizedPickups,
    active.map((c) => ({
      childId: c.id,
      name: `Grandparent of ${c.parentName}`,
      relationship: 'Grandparent',
      phone: '614-555-0150',
      addedBy: 'Seed',
    })),
  );
  const midnights = new Map<string, number>();
  const midnight = (date: string) => {
    let m = midnights.get(date);
    if (m === undefined) midnights.set(date, (m = centreMidnight(date).getTime()));
    return m;
  };
  const perChild = Math.ceil(stays / children.length);
  const rows: (typeof attendanceEvents.$inferInsert)[] = [];
  const flush = () => {
    insertAll(db, attendanceEvents, rows);
    rows.length = 0;
  };
  let n = 0;
  for (const c of children) {
    // Weekdays back from the child's last day, not counting today (the benchmark's day starts empty).
    let day = c.lastDay - DAY;
    for (let k = 0; k < perChild && n < stays; day -= DAY) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const start = midnight(isoDay(day));
      const inAt = start + (7.5 * 60 + ((n * 7) % 60)) * 60_000;
      const outAt = start + (16.5 * 60 + ((n * 11) % 60)) * 60_000;
      const base = { childId: c.id, by: c.parentName, recordedByName: 'Classroom Teacher' };
      rows.push({ ...base, kind: 'in', at: new Date(inAt), createdAt: new Date(inAt) });
      rows.push({ ...base, kind: 'out', at: new Date(outAt), createdAt: new Date(outAt) });
      if (rows.length >= 10_000) flush();
      k++;
      n++;
    }
  }
  flush();
}

function insertReturningRooms(db: Db): string[] {
  return db
    .insert(classrooms)
    .values(ROOMS)
    .returning({ id: classrooms.id })
    .all()
    .map((r) => r.id);
}

/** A child's day on the sheet, in the order it happens: the times are UTC hours of a Columbus morning and afternoon. */
const DAY_PLAN: { hour: number; kind: string; details: (n: number) => Record<string, unknown> }[] = [
  { hour: 13.5, kind: 'meal', details: (n) => ({ meal: 'breakfast', amount: ['some', 'most', 'all'][n % 3], food: 'Oatmeal and fruit' }) },
  { hour: 15, kind: 'diaper', details: (n) => ({ type: ['wet', 'bm', 'dry'][n % 3] }) },
  { hour: 16.75, kind: 'meal', details: (n) => ({ meal: 'lunch', amount: ['most', 'all', 'some'][n % 3], food: 'Pasta and peas' }) },
  { hour: 17.5, kind: 'nap', details: () => ({}) },
  { hour: 19.75, kind: 'diaper', details: (n) => ({ type: ['wet', 'dry'][n % 2] }) },
  { hour: 20.5, kind: 'mood', details: (n) => ({ mood: ['Happy', 'Calm', 'Tired'][n % 3] }) },
];

/**
 * Daily sheet entries: spread over the children like the activities, each child's going back day by day
 * from its last day, six a day. Rows are built and inserted a batch at a time, so ten years stay a few seconds.
 */
function seedDailyEntries(db: Db, children: { id: string; lastDay: number }[], total: number): void {
  if (total === 0 || children.length === 0) return;
  const perChild = Math.ceil(total / children.length);
  let rows: (typeof dailyEntries.$inferInsert)[] = [];
  let made = 0;
  for (let k = 0; k < perChild && made < total; k++) {
    const day = Math.floor(k / DAY_PLAN.length);
    const plan = DAY_PLAN[k % DAY_PLAN.length]!;
    for (const c of children) {
      if (made >= total) break;
      // Whole days back from the child's last day (weekends included: a simple, even spread).
      const midnight = Math.floor(c.lastDay / DAY) * DAY - day * DAY;
      const at = midnight + plan.hour * 3_600_000;
      const details =
        plan.kind === 'nap' ? { start: new Date(at).toISOString(), end: new Date(at + 90 * 60_000).toISOString() } : plan.details(made);
      rows.push({ childId: c.id, kind: plan.kind, at: new Date(at), date: isoDay(at), details, authorName: 'Classroom Teacher' });
      made++;
      if (rows.length === BATCH) {
        insertAll(db, dailyEntries, rows);
        rows = [];
      }
    }
  }
  insertAll(db, dailyEntries, rows);
}

function insertReturning<T extends typeof parentUsers | typeof enrolledChildren>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): T['$inferSelect'][] {
  const out: T['$inferSelect'][] = [];
  for (let i = 0; i < rows.length; i += BATCH)
    out.push(
      ...(db
        .insert(table)
        .values(rows.slice(i, i + BATCH) as never)
        .returning()
        .all() as T['$inferSelect'][]),
    );
  return out;
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const i = process.argv.indexOf('--size');
  const name = (i > 0 ? process.argv[i + 1] : 'scale') as keyof typeof SIZES;
  if (!(name in SIZES)) {
    console.error(`--size must be one of: ${Object.keys(SIZES).join(', ')}`);
    process.exit(1);
  }
  const config = loadConfig();
  const db = openDatabase(config.databasePath);
  prepareDatabase(db);
  const started = performance.now();
  seedScale(db, SIZES[name]);
  // The audit chain's anchor moves a moment after the last write (audit/chain.ts): let it before closing.
  await new Promise((r) => setImmediate(r));
  const s = SIZES[name];
  console.log(
    `Seeded ${config.databasePath} (${name}): ${s.children} children, ${s.activities} activities, ${s.notes} notes, ${s.messages} messages, ${s.receipts} receipts, ${s.applications} applications, ${s.billingMonths ?? 0} months of billing in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  db.$client.close();
}
