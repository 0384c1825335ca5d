/**
 * `npx tsx scripts/bench-attendance-report.ts [-- --children 120 --staff 12 --runs 7]`: how long the monthly
 * attendance report (ADR 083) takes to make for a full month of a busy centre. A temporary database gets
 * `--children` children in six rooms, each checked in and out on every weekday of September 2026 (a tenth of
 * the days absent, a tenth with two stays), and `--staff` staff clocking in and out, one of them leaving a room
 * short for half an hour each morning; then, `--runs` times, the whole CSV (every row made, as the streamed answer
 * makes them) and the PDF. Prints each run and the median and spread. Not a test: the figures go in
 * docs/performance.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminUsers, attendanceEvents, classrooms, enrolledChildren, staffAttendance } from '../db/schema';
import { reportCsvRows } from '../src/server/attendance/report';
import { attendanceReportPdf } from '../src/server/attendance/report-pdf';
import { closeDatabase, openDatabase } from '../src/server/db';
import { PdfWords } from '../src/server/payments/pdf';
import { addDays } from '../src/shared/centre-time';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CHILDREN = arg('children', 120);
const STAFF = arg('staff', 12);
const RUNS = arg('runs', 7);
const MONTH = '2026-09';

const dir = mkdtempSync(join(tmpdir(), 'bench-attendance-'));
const db = openDatabase(join(dir, 'bench.db'));
try {
  const rooms = Array.from({ length: 6 }, (_, i) =>
    db
      .insert(classrooms)
      .values({ name: `Room ${i + 1}`, ageGroup: 'preschool_3', capacity: 30 })
      .returning({ id: classrooms.id })
      .get(),
  );
  const staff = Array.from({ length: STAFF }, (_, i) =>
    db
      .insert(adminUsers)
      .values({ email: `staff${i}@example.com`, name: `Staff ${i}`, role: 'teacher', passwordHash: 'x' })
      .returning({ id: adminUsers.id })
      .get(),
  );
  const kids = Array.from({ length: CHILDREN }, (_, i) =>
    db
      .insert(enrolledChildren)
      .values({
        childName: `Child ${String(i).padStart(4, '0')}`,
        parentName: `Parent ${i}`,
        parentEmail: `parent${i}@example.com`,
        dateOfBirth: `202${2 + (i % 3)}-0${1 + (i % 9)}-15`,
        startDate: '2026-08-01',
        classroomId: rooms[i % rooms.length]!.id,
      })
      .returning({ id: enrolledChildren.id })
      .get(),
  );
  // Columbus is UTC-4 in September: 08:00 there is 12:00Z.
  const t = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`);
  let n = 0;
  db.transaction((tx) => {
    for (let date = `${MONTH}-01`; date <= `${MONTH}-30`; date = addDays(date, 1)) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      kids.forEach((k, i) => {
        if (++n % 10 === 0) return;
        const by = `Parent ${i}`;
        const rows =
          n % 10 === 1
            ? [
                ['in', '12:00'],
                ['out', '15:00'],
                ['in', '16:00'],
                ['out', '20:30'],
              ]
            : [
                ['in', '12:10'],
                ['out', '21:00'],
              ];
        for (const [kind, hhmm] of rows)
          tx.insert(attendanceEvents)
            .values({ childId: k.id, kind: kind as 'in' | 'out', at: t(date, hhmm!), by, recordedByName: 'Bench' })
            .run();
      });
      staff.forEach((s, i) => {
        const room = rooms[i % rooms.length]!.id;
        const late = i < rooms.length ? '12:40' : '11:50';
        tx.insert(staffAttendance)
          .values({ staffId: s.id, staffName: `Staff ${i}`, classroomId: room, kind: 'in', at: t(date, late) })
          .run();
        tx.insert(staffAttendance)
          .values({ staffId: s.id, staffName: `Staff ${i}`, classroomId: room, kind: 'out', at: t(date, '21:30') })
          .run();
      });
    }
  });
  const now = new Date('2026-10-05T15:00:00Z');
  const words = new PdfWords('en');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const csvTimes: number[] = [];
  const pdfTimes: number[] = [];
  let rowsMade = 0;
  let pdfBytes = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    rowsMade = 0;
    for (const row of reportCsvRows(db, MONTH, now, words)) rowsMade += row.length > 0 ? 1 : 0;
    csvTimes.push(performance.now() - started);
    started = performance.now();
    pdfBytes = (await attendanceReportPdf(db, MONTH, now)).length;
    pdfTimes.push(performance.now() - started);
    console.log(
      `run ${run + 1}: CSV ${csvTimes.at(-1)!.toFixed(0)} ms (${rowsMade} rows), PDF ${pdfTimes.at(-1)!.toFixed(0)} ms (${pdfBytes} bytes)`,
    );
  }
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)} ms`;
  console.log(`${CHILDREN} children, ${STAFF} staff, ${MONTH}, ${RUNS} runs:`);
  console.log(`  CSV: median ${median(csvTimes).toFixed(0)} ms (${spread(csvTimes)}), ${rowsMade} rows`);
  console.log(`  PDF: median ${median(pdfTimes).toFixed(0)} ms (${spread(pdfTimes)}), ${pdfBytes} bytes`);
} finally {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
}
