import { attendanceEvents } from '../../db/schema';
import { addDays, centreMidnight } from '../../src/shared/centre-time';
import type { TestServer } from './server';

/**
 * The daily sheet takes entries only for children who were checked in (ADR 080). For tests about other rules of the
 * sheet: each child checked in at the first moment of each centre day from `from` to `to` (YYYY-MM-DD, inclusive) and
 * out at its last minute, written straight into attendance_events, as the Attendance tab would have recorded them.
 */
export function checkedInEveryDay(s: Pick<TestServer, 'db'>, childIds: string[], from: string, to: string): void {
  const rows = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const childId of childIds) {
      const who = { childId, by: 'A parent', recordedByName: 'Test Director' };
      rows.push({ ...who, kind: 'in' as const, at: centreMidnight(day) });
      rows.push({ ...who, kind: 'out' as const, at: new Date(centreMidnight(addDays(day, 1)).getTime() - 60_000) });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    s.db
      .insert(attendanceEvents)
      .values(rows.slice(i, i + 500))
      .run();
}
