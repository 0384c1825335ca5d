/**
 * The inspector's rules (src/shared/compliance-rules.ts, ADR 094) at every boundary: the medical statement's 30 days
 * from the first day and 13 months from the exam, the yearly review's 12 months, the care plan by the first day,
 * the staff credentials' expiry and the background check's five years, and the 30-day due-soon window.
 */
import { describe, expect, it } from 'vitest';
import {
  annualReviewStatus,
  carePlanStatus,
  daysBetween,
  DUE_SOON_DAYS,
  enrollmentRecordStatus,
  immunizationsStatus,
  medicalStatementStatus,
  plusDays,
  plusMonths,
  renewalStatus,
  staffCredentialStatus,
} from '../../src/shared/compliance-rules';

describe('calendar arithmetic', () => {
  it.each([
    ['2025-01-15', 13, '2026-02-15'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2023-01-31', 13, '2024-02-29'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-12-10', 12, '2026-12-10'],
    ['2025-11-30', -1, '2025-10-30'],
  ])('%s plus %i months is %s', (from, months, to) => expect(plusMonths(from, months)).toBe(to));

  it('adds days across months and years, and counts them back', () => {
    expect(plusDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(plusDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2026-11-21', '2026-12-21')).toBe(30);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
  });

  it('refuses what is not a calendar date', () => expect(() => plusDays('21/11/2026', 1)).toThrow(RangeError));
});

describe('the due-soon window', () => {
  const due = '2026-12-31';
  it.each([
    [plusDays(due, -DUE_SOON_DAYS), 'ok'],
    [plusDays(due, -DUE_SOON_DAYS + 1), 'due-soon'],
    [due, 'due-soon'],
    [plusDays(due, 1), 'overdue'],
  ])('on %s a record due on %s reads %s', (today, status) => expect(renewalStatus(today, due)).toBe(status));
});

describe('the medical statement', () => {
  const startDate = '2026-09-01';
  it('without one: missing through the 30th day after the first day, overdue the day after', () => {
    expect(medicalStatementStatus('2026-09-01', { startDate, medicalExamDate: null })).toEqual({
      status: 'missing',
      dueDate: '2026-10-01',
    });
    expect(medicalStatementStatus('2026-10-01', { startDate, medicalExamDate: null })).toEqual({
      status: 'missing',
      dueDate: '2026-10-01',
    });
    expect(medicalStatementStatus('2026-10-02', { startDate, medicalExamDate: null })).toEqual({
      status: 'overdue',
      dueDate: '2026-10-01',
    });
  });

  it('with an exam: due 13 months after it; due soon in its last 30 days; overdue the day after', () => {
    const child = { startDate, medicalExamDate: '2025-10-15' };
    expect(medicalStatementStatus('2026-10-16', child)).toEqual({ status: 'ok', dueDate: '2026-11-15' });
    expect(medicalStatementStatus('2026-10-17', child)).toEqual({ status: 'due-soon', dueDate: '2026-11-15' });
    expect(medicalStatementStatus('2026-11-15', child)).toEqual({ status: 'due-soon', dueDate: '2026-11-15' });
    expect(medicalStatementStatus('2026-11-16', child)).toEqual({ status: 'overdue', dueDate: '2026-11-15' });
  });
});

describe('immunizations', () => {
  const startDate = '2026-09-01';
  it('none recorded: missing through the statement deadline, then overdue', () => {
    const child = { startDate, medicalExamDate: null, immunizations: null };
    expect(immunizationsStatus('2026-10-01', child).status).toBe('missing');
    expect(immunizationsStatus('2026-10-02', child).status).toBe('overdue');
  });

  it('complete or an exemption is ok; in progress is due with the next statement', () => {
    for (const immunizations of ['complete', 'exempt-medical', 'exempt-conscience'] as const) {
      expect(immunizationsStatus('2030-01-01', { startDate, medicalExamDate: null, immunizations })).toEqual({
        status: 'ok',
        dueDate: null,
      });
    }
    const child = { startDate, medicalExamDate: '2026-09-10', immunizations: 'in-progress' as const };
    expect(immunizationsStatus('2026-11-21', child)).toEqual({ status: 'due-soon', dueDate: '2027-10-10' });
    expect(immunizationsStatus('2027-10-11', child)).toEqual({ status: 'overdue', dueDate: '2027-10-10' });
  });
});

describe('the care plan', () => {
  it('not needed: ok; needed and written: ok; needed and not written: missing through the first day, overdue after', () => {
    const base = { startDate: '2026-12-01', carePlanSummary: null };
    expect(carePlanStatus('2027-06-01', { ...base, carePlanRequired: false })).toEqual({ status: 'ok', dueDate: null });
    expect(carePlanStatus('2027-06-01', { ...base, carePlanRequired: true, carePlanSummary: 'EpiPen in the red bag' }).status).toBe('ok');
    expect(carePlanStatus('2026-12-01', { ...base, carePlanRequired: true })).toEqual({ status: 'missing', dueDate: '2026-12-01' });
    expect(carePlanStatus('2026-12-02', { ...base, carePlanRequired: true, carePlanSummary: '  ' })).toEqual({
      status: 'overdue',
      dueDate: '2026-12-01',
    });
  });
});

describe('the annual review', () => {
  it('is due 12 months after the last one, or after the first day when there has been none', () => {
    expect(annualReviewStatus('2026-11-21', { startDate: '2026-01-10', lastReviewDate: null })).toEqual({
      status: 'ok',
      dueDate: '2027-01-10',
    });
    const child = { startDate: '2024-01-10', lastReviewDate: '2025-12-01' };
    expect(annualReviewStatus('2026-11-01', child)).toEqual({ status: 'ok', dueDate: '2026-12-01' });
    expect(annualReviewStatus('2026-11-02', child)).toEqual({ status: 'due-soon', dueDate: '2026-12-01' });
    expect(annualReviewStatus('2026-12-01', child)).toEqual({ status: 'due-soon', dueDate: '2026-12-01' });
    expect(annualReviewStatus('2026-12-02', child)).toEqual({ status: 'overdue', dueDate: '2026-12-01' });
  });
});

describe('the enrollment record', () => {
  it('is ok when complete; when not, missing through the first day and overdue after', () => {
    expect(enrollmentRecordStatus('2026-12-05', { startDate: '2026-12-01', complete: true }).status).toBe('ok');
    expect(enrollmentRecordStatus('2026-12-01', { startDate: '2026-12-01', complete: false }).status).toBe('missing');
    expect(enrollmentRecordStatus('2026-12-02', { startDate: '2026-12-01', complete: false }).status).toBe('overdue');
  });
});

describe('staff credentials', () => {
  it('a certificate is due on its expiry date; nothing recorded is missing', () => {
    expect(staffCredentialStatus('2026-11-21', 'cpr', null)).toEqual({ status: 'missing', dueDate: null });
    expect(staffCredentialStatus('2026-11-21', 'cpr', '2026-12-21')).toEqual({ status: 'ok', dueDate: '2026-12-21' });
    expect(staffCredentialStatus('2026-11-22', 'cpr', '2026-12-21')).toEqual({ status: 'due-soon', dueDate: '2026-12-21' });
    expect(staffCredentialStatus('2026-12-22', 'first-aid', '2026-12-21')).toEqual({ status: 'overdue', dueDate: '2026-12-21' });
  });

  it('a background check is renewed five years after its date', () => {
    expect(staffCredentialStatus('2026-11-21', 'background-check', '2021-11-21')).toEqual({ status: 'due-soon', dueDate: '2026-11-21' });
    expect(staffCredentialStatus('2026-11-22', 'background-check', '2021-11-21').status).toBe('overdue');
    expect(staffCredentialStatus('2026-11-21', 'background-check', '2022-01-01').status).toBe('ok');
  });
});
