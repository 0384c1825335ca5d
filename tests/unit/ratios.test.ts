/** Ohio's ratio table (src/shared/ratios.ts): every boundary of every band, ages counted as birthdays do, mixed rooms. */
import { describe, expect, it } from 'vitest';
import { staffText } from '../../src/client/components/admin/staff-words';
import {
  ageInMonths,
  childrenPerStaff,
  OHIO_RATIOS,
  RATIO_TABLES,
  ratioBandFor,
  ratioTableFor,
  staffRequired,
} from '../../src/shared/ratios';

describe('ratio table', () => {
  it('is chosen by the licensing state: Ohio ships, with its source; a state without a table has none', () => {
    expect(ratioTableFor('OH')).toMatchObject({ state: 'OH', bands: OHIO_RATIOS });
    expect(ratioTableFor('OH')!.source).toMatch(/5101:2-12-18/);
    expect(ratioTableFor('CA')).toBeNull();
    expect(ratioTableFor('toString')).toBeNull();
    expect(ratioTableFor('__proto__')).toBeNull();
    for (const [state, table] of Object.entries(RATIO_TABLES)) expect(table.state).toBe(state);
  });

  it('holds the ratio table, band by band', () => {
    expect(OHIO_RATIOS.map((b) => [b.fromMonths, b.children])).toEqual([
      [0, 5],
      [12, 6],
      [18, 7],
      [30, 8],
      [36, 12],
      [48, 14],
      [72, 18],
    ]);
  });

  it.each([
    [0, 5],
    [11, 5],
    [12, 6],
    [17, 6],
    [18, 7],
    [29, 7],
    [30, 8],
    [35, 8],
    [36, 12],
    [47, 12],
    [48, 14],
    [71, 14],
    [72, 18],
    [155, 18],
  ])('a child of %i months: 1:%i', (months, children) => {
    expect(childrenPerStaff(months)).toBe(children);
  });

  it('counts months as birthdays do: the band changes on the day, not the day after or before', () => {
    expect(ageInMonths('2025-11-21', '2026-11-20')).toBe(11);
    expect(ageInMonths('2025-11-21', '2026-11-21')).toBe(12);
    expect(ratioBandFor(ageInMonths('2025-11-21', '2026-11-20')).children).toBe(5);
    expect(ratioBandFor(ageInMonths('2025-11-21', '2026-11-21')).children).toBe(6);
    expect(ageInMonths('2023-11-21', '2026-11-20')).toBe(35);
    expect(ageInMonths('2023-11-21', '2026-11-21')).toBe(36);
    // Born on the 31st: a month is complete on the last day of a shorter month.
    expect(ageInMonths('2026-01-31', '2026-02-28')).toBe(1);
    expect(ageInMonths('2026-01-31', '2026-02-27')).toBe(0);
    expect(ageInMonths('2026-11-21', '2026-11-21')).toBe(0);
  });

  it('needs staff for each started group of children, at each band’s size', () => {
    expect(staffRequired([], OHIO_RATIOS)).toBe(0);
    for (const band of OHIO_RATIOS) {
      const age = band.fromMonths;
      expect(staffRequired(Array(band.children).fill(age), OHIO_RATIOS), band.label).toBe(1);
      expect(staffRequired(Array(band.children + 1).fill(age), OHIO_RATIOS), band.label).toBe(2);
      expect(staffRequired(Array(band.children * 2).fill(age), OHIO_RATIOS), band.label).toBe(2);
    }
  });

  it('in a mixed room, the youngest present child’s ratio counts for every child', () => {
    // Twelve three-year-olds need one teacher; add one 17-month-old and the room is at 1:6 for all 13.
    expect(staffRequired(Array(12).fill(40), OHIO_RATIOS)).toBe(1);
    expect(staffRequired([...Array(12).fill(40), 17], OHIO_RATIOS)).toBe(3);
    // Four-year-olds with one infant: 1:5 for all.
    expect(staffRequired([...Array(9).fill(50), 6], OHIO_RATIOS)).toBe(2);
    expect(staffRequired([...Array(10).fill(50), 6], OHIO_RATIOS)).toBe(3);
    // The youngest, not the first or the most common.
    expect(staffRequired([30, 80, 80, 80, 80, 80, 80, 80, 80], OHIO_RATIOS)).toBe(2);
  });

  it("says plainly what is wrong (the staff catalogue's sentence, as the Attendance tab writes it)", () => {
    const overRatioSentence = (room: string, children: number, staff: number, required: number) =>
      staffText('staff.attendance.overRatioLine', { room, children, staff, need: required - staff });
    expect(overRatioSentence('Sunflower Room', 7, 1, 2)).toBe(
      'Sunflower Room is over ratio: 7 children with 1 staff member. One more staff member is needed.',
    );
    expect(overRatioSentence('Acorn', 11, 0, 3)).toBe(
      'Acorn is over ratio: 11 children with 0 staff members. 3 more staff members are needed.',
    );
    expect(overRatioSentence('Acorn', 1, 0, 1)).toBe('Acorn is over ratio: 1 child with 0 staff members. One more staff member is needed.');
  });
});
