import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MANTINE_COLORS, THEME_COLORS } from '../src/colors';
import { STATUS_COLORS } from '../src/papers';

describe('status colours', () => {
  it('are each a Mantine default colour or one the web theme defines', () => {
    const known: readonly string[] = [...MANTINE_COLORS, ...THEME_COLORS];
    for (const [status, color] of Object.entries(STATUS_COLORS)) {
      expect(known, `status ${status}: ${color}`).toContain(color);
    }
  });

  it('follow spec 02 §4: awaiting decision blue, published grey-blue', () => {
    expect(STATUS_COLORS[3]).toBe('blue');
    expect(STATUS_COLORS[7]).toBe('blueGray');
  });

  it("name Mantine's default colours as Mantine does", () => {
    expect([...MANTINE_COLORS].sort()).toEqual(Object.keys(DEFAULT_THEME.colors).sort());
  });
});
