import { expect, type Page } from '@playwright/test';

/**
 * The page as an Arabic reader meets it: laid out right to left, and showing `phrase`, an Arabic text written in
 * the test itself. The other checks build their expected text from the catalogue, so English pasted into ar/*.ts
 * would pass them; this one would not.
 */
export async function expectArabicPage(page: Page, phrase: string) {
  if (!/[\u0600-\u06FF]/.test(phrase)) throw new Error(`expectArabicPage needs an Arabic phrase, not ${phrase}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByText(phrase, { exact: true }).first()).toBeVisible();
}
