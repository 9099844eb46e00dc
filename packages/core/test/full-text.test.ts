import { describe, expect, it } from 'vitest';
import { addMonths, canReadFullText, fullTextAccess, membershipEnd } from '../src/rules/full-text';

const base = { atDownload: true, isStaff: false, isAuthor: false, membershipUntil: null, today: '2026-11-26' };

describe('who reads a full text (decision 0033)', () => {
  it('is everyone where the journal does not charge at download', () => {
    expect(fullTextAccess({ ...base, atDownload: false })).toBe('open');
  });

  it('is the staff, the author and a member whose membership runs today where it charges', () => {
    expect(fullTextAccess({ ...base, isStaff: true })).toBe('staff');
    expect(fullTextAccess({ ...base, isAuthor: true })).toBe('author');
    expect(fullTextAccess({ ...base, membershipUntil: '2026-11-26' })).toBe('member');
    expect(fullTextAccess({ ...base, membershipUntil: '2026-11-25' })).toBe('membersOnly');
    expect(canReadFullText(base)).toBe(false);
  });
});

describe('a membership’s end', () => {
  it('adds whole months, the day clamped to the month’s end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-02-28', 12)).toBe('2027-02-28');
  });

  it('runs one period from the later of today and the current end', () => {
    expect(membershipEnd(null, '2026-11-26', 1)).toBe('2026-12-26');
    expect(membershipEnd('2026-12-10', '2026-11-26', 1)).toBe('2027-01-10');
    expect(membershipEnd('2026-10-01', '2026-11-26', 1)).toBe('2026-12-26');
    expect(membershipEnd('2026-12-10', '2026-11-26', 2)).toBe('2027-12-10');
  });
});
