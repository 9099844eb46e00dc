import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatDay, formatNumber, formatTime, NUMBERING_SYSTEM, truncate } from '../src/format';
import { formatPrice } from '../src/prices';
import { translate } from '../src/i18n/index';
import { LIMITS } from '../src/limits';

describe('abbreviateNumber: statistics with K, M and B (spec 01 §1)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [1050, '1K'],
    [12_345, '12.3K'],
    [999_999, '999K'],
    [1_000_000, '1M'],
    [2_000_000, '2M'],
    [2_300_000, '2.3M'],
    [150_000_000, '150M'],
    [3_100_000_000, '3.1B'],
    [1_000_000_000_000, '1000B'],
  ])('%d → %s', (value, text) => {
    expect(abbreviateNumber(value)).toBe(text);
  });

  it('never rounds up into the next unit', () => {
    expect(abbreviateNumber(1999)).toBe('1.9K');
    expect(abbreviateNumber(999_999_999)).toBe('999M');
  });

  it('keeps one decimal for every tenth without floating-point slips', () => {
    for (const [unit, suffix] of [
      [1e3, 'K'],
      [1e6, 'M'],
      [1e9, 'B'],
    ] as const) {
      for (let tenths = 10; tenths < 1000; tenths += 7) {
        const expected = `${tenths / 10}${suffix}`;
        expect(abbreviateNumber(Math.round((tenths * unit) / 10))).toBe(expected);
      }
    }
  });
});

describe('truncate', () => {
  it('leaves a text at or under the limit as it is', () => {
    expect(truncate('', 5)).toBe('');
    expect(truncate('abcde', 5)).toBe('abcde');
  });

  it('cuts a longer text at the limit and adds an ellipsis', () => {
    expect(truncate('abcdef', 5)).toBe('abcde…');
    const title = 'Low-cost sensors for urban air quality';
    expect(truncate(title, LIMITS.tableTitleCut)).toBe(`${title.slice(0, 25)}…`);
  });

  it('counts characters, not UTF-16 units: Arabic and emoji are cut whole', () => {
    expect(truncate('مستشعرات منخفضة التكلفة', 8)).toBe('مستشعرات…');
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
    expect(truncate('😀😀', 2)).toBe('😀😀');
  });
});

describe('formatDay', () => {
  it('writes dates day/month/year, with Arabic digits in Arabic', () => {
    expect(formatDay('2026-03-05T10:00:00Z', 'en')).toBe('05/03/2026');
    // Intl marks each part right-to-left (U+200F) so the date reads correctly inside Arabic text.
    expect(formatDay('2026-03-05T10:00:00Z', 'ar')).toBe('٠٥\u200f/٠٣\u200f/٢٠٢٦');
  });

  it('leaves an empty or unreadable value as it is', () => {
    expect(formatDay(null, 'en')).toBe('');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});

describe('one numbering system per page (decision 0027)', () => {
  const WESTERN = /[0-9]/;
  const ARABIC_INDIC = /[\u0660-\u0669]/;

  it('writes Arabic pages in Arabic-Indic digits and English pages in Western ones', () => {
    expect(NUMBERING_SYSTEM).toEqual({ en: 'latn', ar: 'arab' });
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    expect(formatNumber(0.25, 'ar', { style: 'percent' })).toBe('٢٥٪\u061C'); // ends with the Arabic letter mark
    expect(formatNumber(2026, 'ar', { useGrouping: false })).toBe('٢٠٢٦');
  });

  it('abbreviates statistics in the page digits', () => {
    expect(abbreviateNumber(1500, 'ar')).toBe('١٫٥K');
    expect(abbreviateNumber(7, 'ar')).toBe('٧');
    expect(abbreviateNumber(1500)).toBe('1.5K');
  });

  it('gives counts, dates, times and counted texts of an Arabic page the same digits', () => {
    const day = '2026-03-05T10:00:00Z';
    const arabic = [
      formatNumber(42, 'ar'),
      abbreviateNumber(12_345, 'ar'),
      formatDay(day, 'ar'),
      formatTime(new Date(day), 'ar'),
      translate('ar', 'editorial.report_rows', { count: 42 }),
      translate('ar', 'editorial.list_total', { count: 7 }),
    ];
    for (const text of arabic) {
      expect(text).toMatch(ARABIC_INDIC);
      expect(text).not.toMatch(WESTERN);
    }
    const english = [
      formatNumber(42, 'en'),
      formatDay(day, 'en'),
      translate('en', 'editorial.report_rows', { count: 42 }),
    ];
    for (const text of english) expect(text).not.toMatch(ARABIC_INDIC);
  });
});

describe("formatPrice: a fee in the page's digits, whole amounts without decimals", () => {
  it('writes whole prices, decimals and thousands in each language', () => {
    expect(formatPrice('150.00', 'en')).toBe('150');
    expect(formatPrice('150', 'ar')).toBe('١٥٠');
    expect(formatPrice('75.50', 'en')).toBe('75.50');
    expect(formatPrice('75.5', 'ar')).toBe('٧٥٫٥٠');
    expect(formatPrice('1500.00', 'en')).toBe('1,500');
    expect(formatPrice('1500.25', 'ar')).toBe('١٬٥٠٠٫٢٥');
  });

  it('keeps what is not a number as written', () => {
    expect(formatPrice('', 'ar')).toBe('');
    expect(formatPrice('free', 'ar')).toBe('free');
  });
});
