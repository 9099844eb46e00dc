/**
 * The colour names screens may use (spec 02 §4 status colours, dashboard cards). Mantine's default palettes, and
 * the ones the web theme adds: apps/web/src/app/theme.ts defines a ten-shade palette for each `THEME_COLORS` name.
 */

/** Mantine's default colour names (`DEFAULT_THEME.colors`). */
export const MANTINE_COLORS = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;

/** The colours of the web theme: the journal's deep blue and the grey-blue of published papers. */
export const THEME_COLORS = ['brand', 'blueGray'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

export type ColorName = (typeof MANTINE_COLORS)[number] | ThemeColor;
