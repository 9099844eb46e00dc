import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from '../src/search-text';
import { ARABIC_SEARCH_PAIRS } from './search-pairs';

describe('how search reads a word', () => {
  it.each(ARABIC_SEARCH_PAIRS)('reads %s as %s (%s)', (typed, stored) => {
    expect(normalizeSearchText(typed)).toBe(normalizeSearchText(stored));
    expect(normalizeSearchText(typed)).toBe(stored.replace('ى', 'ي'));
  });

  it('keeps Latin text, digits and spaces as they are (case and stemming are the search configuration’s)', () => {
    expect(normalizeSearchText('Kidney Disease 2024, "in children"')).toBe('Kidney Disease 2024, "in children"');
  });

  it('keeps the letters it does not fold: hamza on waw and yeh, and plain alef', () => {
    expect(normalizeSearchText('مسؤول بيئة ا')).toBe('مسؤول بيئه ا');
  });
});
