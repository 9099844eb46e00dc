import type { ThemeColor } from '@journals/core/colors';
import { createTheme, type MantineColorsTuple, type PasswordInputProps } from '@mantine/core';

/** A scholarly deep blue; shade 7 on white passes WCAG AA for text and filled buttons. */
const brand: MantineColorsTuple = [
  '#eef3fc',
  '#d9e3f6',
  '#b0c5ec',
  '#84a5e2',
  '#5f8ad9',
  '#4878d4',
  '#3b6ed2',
  '#2c5cb9',
  '#1f4a99',
  '#163a7c',
];

/**
 * Grey-blue, for published papers (spec 02 §4): Material's blue grey 50–900. A light chip's text (shade 9 on
 * shade 1) and shade 7 on white both pass WCAG AA.
 */
const blueGray: MantineColorsTuple = [
  '#eceff1',
  '#cfd8dc',
  '#b0bec5',
  '#90a4ae',
  '#78909c',
  '#607d8b',
  '#546e7a',
  '#455a64',
  '#37474f',
  '#263238',
];

/**
 * Mantine's green with darker top shades: a filled green button is white on shade 8 (the primary shade), which is
 * #2f9e44 in Mantine's palette, 3.4:1, below WCAG AA; here 5.4:1, its hover (shade 9) darker still. Shades 0–7
 * (light backgrounds, borders) are Mantine's.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#237a36',
  '#1b602a',
];

/** Every colour core names as a theme colour (`THEME_COLORS`) has its palette here. */
export const themeColors = { brand, blueGray } satisfies Record<ThemeColor, MantineColorsTuple>;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { ...themeColors, green },
  fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Arabic', sans-serif",
  headings: {
    fontFamily: "Georgia, 'Times New Roman', 'Amiri', serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A reader who asks the system for less motion gets dialogs, menus and notifications without their fades and
  // slides (WCAG 2.3.3); the browser tests ask for it too.
  respectReducedMotion: true,
  components: {
    // The eye button is mouse-only (not focusable); hidden from assistive technology so that a password field's
    // label is the only thing named "Password".
    // A plain object (what PasswordInput.extend returns), so the theme does not pull the input into every page.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-hidden': true } } satisfies Partial<PasswordInputProps>,
    },
  },
});
