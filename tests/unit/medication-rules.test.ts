/** The medication rules at their boundaries (ADR 092): 12 months, three days, 60 minutes, the compliance line. */
import { describe, expect, it } from 'vitest';
import {
  activeOn,
  addMonths,
  authorizationCompliance,
  latestEndDate,
  physicianRequired,
  slotFor,
  slotState,
  statusOn,
} from '../../src/shared/medication-rules';

describe('the 12 months', () => {
  it('ends at most 12 months after the signature, the last day of a shorter month standing in', () => {
    expect(latestEndDate('2026-11-21')).toBe('2027-11-21');
    expect(latestEndDate('2028-02-29')).toBe('2029-02-28');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('the physician', () => {
  const base = { physicianNeeded: false, physicianReasons: [], times: ['12:00'], startDate: '2026-11-21' };
  it('is needed for a scheduled medicine over more than three days, a reason ticked, or the flag', () => {
    expect(physicianRequired({ ...base, endDate: '2026-11-23' })).toBe(false);
    expect(physicianRequired({ ...base, endDate: '2026-11-24' })).toBe(true);
    expect(physicianRequired({ ...base, times: [], endDate: '2026-12-24' })).toBe(false);
    expect(physicianRequired({ ...base, endDate: '2026-11-21', physicianReasons: ['outside-label'] })).toBe(true);
    expect(physicianRequired({ ...base, endDate: '2026-11-21', physicianNeeded: true })).toBe(true);
  });
});

describe('status and active days', () => {
  it('ends the day after the last day, and is active only between its dates once approved', () => {
    expect(statusOn('active', '2026-11-21', '2026-11-21')).toBe('active');
    expect(statusOn('active', '2026-11-21', '2026-11-22')).toBe('ended');
    expect(statusOn('pending', '2026-11-21', '2026-11-22')).toBe('ended');
    expect(statusOn('returned', '2026-11-21', '2026-11-22')).toBe('returned');
    const auth = { status: 'active' as const, startDate: '2026-11-21', endDate: '2026-11-23' };
    expect(['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24'].map((d) => activeOn(auth, d))).toEqual([false, true, true, false]);
    expect(activeOn({ ...auth, status: 'pending' }, '2026-11-22')).toBe(false);
  });
});

describe('the dose window', () => {
  it('finds the nearest scheduled time within 60 minutes either side, in the centre zone', () => {
    expect(slotFor(['12:00'], new Date('2026-11-23T13:00:00-05:00'))).toMatchObject({ date: '2026-11-23', time: '12:00' });
    expect(slotFor(['12:00'], new Date('2026-11-23T11:00:00-05:00'))).toMatchObject({ time: '12:00' });
    expect(slotFor(['12:00'], new Date('2026-11-23T13:01:00-05:00'))).toBeNull();
    expect(slotFor(['12:00'], new Date('2026-11-23T10:59:00-05:00'))).toBeNull();
    expect(slotFor(['12:00', '12:40'], new Date('2026-11-23T12:25:00-05:00'))).toMatchObject({ time: '12:40' });
    // Summer time: 12:00 in July is 16:00 UTC.
    expect(slotFor(['12:00'], new Date('2026-07-01T16:30:00Z'))).toMatchObject({ date: '2026-07-01', time: '12:00' });
    // Near midnight the slot is on the day before.
    expect(slotFor(['23:30'], new Date('2026-11-24T00:20:00-05:00'))).toMatchObject({ date: '2026-11-23', time: '23:30' });
  });

  it('says upcoming, due, missed or given', () => {
    const due = new Date('2026-11-23T12:00:00-05:00');
    const at = (iso: string) => new Date(iso);
    expect(slotState(due, false, at('2026-11-23T10:59:00-05:00'))).toBe('upcoming');
    expect(slotState(due, false, at('2026-11-23T11:00:00-05:00'))).toBe('due');
    expect(slotState(due, false, at('2026-11-23T13:00:00-05:00'))).toBe('due');
    expect(slotState(due, false, at('2026-11-23T13:01:00-05:00'))).toBe('missed');
    expect(slotState(due, true, at('2026-11-23T13:01:00-05:00'))).toBe('given');
  });
});

describe('the compliance line', () => {
  const active = { status: 'active' as const, startDate: '2026-11-01', endDate: '2026-12-05' };
  it('is ok until 14 days before the end, due soon from then, overdue for 30 days after, then gone', () => {
    expect(authorizationCompliance(active, '2026-11-20')).toEqual({ status: 'ok', dueDate: '2026-12-05' });
    expect(authorizationCompliance(active, '2026-11-21')).toEqual({ status: 'due-soon', dueDate: '2026-12-05' });
    expect(authorizationCompliance(active, '2026-12-05')).toEqual({ status: 'due-soon', dueDate: '2026-12-05' });
    expect(authorizationCompliance(active, '2026-12-06')).toEqual({ status: 'overdue', dueDate: '2026-12-05' });
    expect(authorizationCompliance(active, '2027-01-04')).toEqual({ status: 'overdue', dueDate: '2026-12-05' });
    expect(authorizationCompliance(active, '2027-01-05')).toBeNull();
  });
  it('is missing while pending, and none once returned', () => {
    expect(authorizationCompliance({ ...active, status: 'pending' }, '2026-11-20')).toEqual({ status: 'missing', dueDate: '2026-11-01' });
    expect(authorizationCompliance({ ...active, status: 'pending' }, '2026-12-06')).toBeNull();
    expect(authorizationCompliance({ ...active, status: 'returned' }, '2026-11-20')).toBeNull();
  });
});
