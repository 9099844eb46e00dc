import { describe, expect, it } from 'vitest';
import {
  bareDoi,
  canPublishIssue,
  isArabicText,
  issueName,
  monthAndYear,
  orderChoices,
  pagesInOrder,
  publishPaymentDue,
} from '../src/rules/issues';
import { issuePaperFields, issueRequest } from '../src/schemas/issues';

describe('the issue rules (issue 21 §1, spec 03 §5)', () => {
  it('reads an issue name as a whole number from 1 to 30', () => {
    expect(['1', ' 07 ', '30'].map(issueName)).toEqual(['1', '7', '30']);
    expect(['0', '31', '2.5', '-1', '1e1', 'abc', '', '0030x'].map(issueName)).toEqual(Array(8).fill(null));
  });

  it('reads the chronology "MM YYYY"', () => {
    expect(monthAndYear('03 2026')).toEqual({ month: 3, year: 2026 });
    expect(monthAndYear('13 2026')).toBeNull();
    expect(monthAndYear('3 2026')).toBeNull();
  });

  it('offers orders 1..n, plus one when assigning', () => {
    expect(orderChoices(3, true)).toEqual([1, 2, 3, 4]);
    expect(orderChoices(3, false)).toEqual([1, 2, 3]);
    expect(orderChoices(0, true)).toEqual([1]);
  });

  it('keeps pages in order and publishes only an issue in press with papers', () => {
    expect([pagesInOrder(1, 5), pagesInOrder(5, 5), pagesInOrder(6, 5), pagesInOrder(undefined, 5)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect([
      canPublishIssue({ status: 0 }, 2),
      canPublishIssue({ status: 0 }, 0),
      canPublishIssue({ status: 1 }, 2),
    ]).toEqual([true, false, false]);
  });

  it('stores the bare DOI of the forms people type, and refuses anything else', () => {
    const accepted: [string, string][] = [
      ['10.1234/abc', '10.1234/abc'],
      ['  10.1000.10/x(1)  ', '10.1000.10/x(1)'],
      ['doi:10.1234/abc', '10.1234/abc'],
      ['DOI: 10.1234/abc', '10.1234/abc'],
      ['https://doi.org/10.1234/abc', '10.1234/abc'],
      ['http://doi.org/10.1234/abc', '10.1234/abc'],
      ['https://dx.doi.org/10.1234/abc', '10.1234/abc'],
      ['https://doi.org/10.1234/a%2Fc', '10.1234/a/c'],
    ];
    for (const [typed, bare] of accepted) expect(bareDoi(typed), typed).toBe(bare);
    expect(bareDoi('')).toBe('');
    for (const typed of [
      '11.1234/abc',
      '10.12/abc',
      '10.1234',
      'https://example.org/10.1234/abc',
      'doi:',
      'abc',
      '10.1234/a b',
      'http://dx.doi.org/10.1234/a%20b',
    ])
      expect(bareDoi(typed), typed).toBeNull();
  });

  it('tells Arabic text by its letters, and when the publishing fee is due', () => {
    expect([isArabicText('أثر النوم'), isArabicText('Sleep'), isArabicText('Sleep و')]).toEqual([true, false, true]);
    expect(publishPaymentDue({ publishPaid: false }, { atPublish: true })).toBe(true);
    expect(publishPaymentDue({ publishPaid: true }, { atPublish: true })).toBe(false);
    expect(publishPaymentDue({ publishPaid: false }, { atPublish: false })).toBe(false);
    expect(publishPaymentDue({ publishPaid: false }, null)).toBe(false);
  });

  it('parses the issue and the issue paper forms with their message keys', () => {
    expect(
      issueRequest.parse({ issue: '05', volume: '3', publishMonth: '03 2026', publishDate: '2026-03-01' }),
    ).toEqual({ issue: '5', volume: 3, publishMonth: '03 2026', publishDate: '2026-03-01', isAllow: true });
    const bad = issuePaperFields.safeParse({ orderInIssue: '1', fromPage: '9', toPage: '3', doi: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.message).sort()).toEqual(['issues.doi_invalid']);
    const pages = issuePaperFields.safeParse({ orderInIssue: '1', fromPage: '9', toPage: '3' });
    expect(pages.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['toPage', 'issues.pages_order'],
    ]);
    expect(issuePaperFields.parse({ orderInIssue: '2', doi: 'doi:10.1234/x' })).toMatchObject({
      orderInIssue: 2,
      doi: '10.1234/x',
      titleEn: '',
    });
  });
});
