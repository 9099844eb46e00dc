import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { specFieldName } from '../src/errors';
import { ar, en } from '../src/i18n/index';
import { editorialReportQuery } from '../src/schemas/editorial';
import { day } from '../src/schemas/fields';
import { deadlineError, deadlineRequest, finalDecisionRequest, inviteReviewerRequest } from '../src/schemas/reviewing';

/**
 * The one date type of the requests (issue 19 §3): a day of the right shape that does not exist is refused with
 * the field's "enter a valid date", never thrown at (a thrown RangeError was a 500 on six routes).
 */

/** Shape-valid days that no calendar has. */
const IMPOSSIBLE = ['2026-13-01', '2026-00-10', '2026-02-30', '2026-04-31', '2026-01-00', '2026-01-32', '9999-99-99'];

function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[specFieldName(issue.path)] ??= []).push(issue.message);
  return errors;
}

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;
const two = (value: number) => String(value).padStart(2, '0');

describe('day', () => {
  it('accepts every day of the calendar, leap days of leap years included', () => {
    for (const value of ['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(day.safeParse(value)).toEqual({ success: true, data: value });
    }
  });

  it('refuses shape-valid impossible days, and February 29 of a common year, with one "enter a valid date"', () => {
    for (const value of [...IMPOSSIBLE, '2025-02-29', '1900-02-29', '2100-02-29']) {
      expect(fieldErrors(day, value), value).toEqual({ General: ['validation.valid_date'] });
    }
  });

  it('refuses year 0000, which the database has not', () => {
    expect(fieldErrors(day, '0000-01-01')).toEqual({ General: ['validation.valid_date'] });
    expect(fieldErrors(day, '0000-13-01')).toEqual({ General: ['validation.valid_date'] });
  });

  it('refuses other shapes and types with the same message', () => {
    for (const value of [
      '',
      '2026-1-01',
      '26-01-01',
      '2026/01/01',
      ' 2026-01-01',
      '2026-01-01T00:00:00Z',
      '٢٠٢٦-٠١-٠١',
    ]) {
      expect(fieldErrors(day, value), value).toEqual({ General: ['validation.valid_date'] });
    }
    for (const value of [20260101, null, undefined, {}, ['2026-01-01']]) {
      expect(fieldErrors(day, value)).toEqual({ General: ['validation.valid_date'] });
    }
  });

  it('agrees with the calendar on every month 00–13 and day 00–32 of common, leap and century years', () => {
    for (const year of [1900, 2000, 2024, 2025, 2100]) {
      for (let month = 0; month <= 13; month++) {
        for (let date = 0; date <= 32; date++) {
          const value = `${year}-${two(month)}-${two(date)}`;
          const exists = month >= 1 && month <= 12 && date >= 1 && date <= daysIn(year, month);
          expect(day.safeParse(value).success, value).toBe(exists);
        }
      }
    }
  });

  it('has its message in both languages', () => {
    expect(en.validation.valid_date).toBe('Please enter a valid date.');
    expect(ar.validation.valid_date).toBe('يرجى إدخال تاريخ صحيح.');
  });
});

describe('the date fields of the requests', () => {
  it.each(IMPOSSIBLE)('refuse %s under the field’s own name', (value) => {
    const invite = { specializationId: 1, reviewerId: 2, deadline: value };
    expect(fieldErrors(inviteReviewerRequest, invite)).toEqual({ Deadline: ['validation.valid_date'] });
    expect(fieldErrors(deadlineRequest, { deadline: value })).toEqual({ Deadline: ['validation.valid_date'] });
    const decision = { decision: 3, comments: 'Revise', revisionDeadline: value };
    expect(fieldErrors(finalDecisionRequest, decision)).toEqual({ RevisionDeadline: ['validation.valid_date'] });
    expect(fieldErrors(editorialReportQuery, { from: value })).toEqual({ From: ['validation.valid_date'] });
    expect(fieldErrors(editorialReportQuery, { to: value })).toEqual({ To: ['validation.valid_date'] });
  });

  it('stop at the impossible day: the report range is not compared with it', () => {
    for (const to of [...IMPOSSIBLE, '0000-01-01']) {
      expect(fieldErrors(editorialReportQuery, { from: '2026-01-01', to }), to).toEqual({
        To: ['validation.valid_date'],
      });
    }
  });

  it('leave the deadline rule a plain comparison of days, which throws at nothing', () => {
    expect(deadlineError('2026-03-01', '2026-02-28')).toBeNull();
    expect(deadlineError('2026-02-27', '2026-02-28')).toBe('validation.date_before_today');
    for (const value of IMPOSSIBLE) expect(() => deadlineError(value, '2026-02-28')).not.toThrow();
  });
});
