import type { Language } from './enums';
import { formatNumber } from './format';

// Its own module, not format.ts: format.ts is in every public page's first load, and only the pages that show a
// fee need this.
/**
 * A price as the journal set it ("150.00", "75.5") in the page's digits: whole amounts without decimals, others
 * with two (150 · ١٥٠, 75.50 · ٧٥٫٥٠, 1,500 · ١٬٥٠٠). What is not a number stays as written.
 */
export function formatPrice(price: string, language: Language): string {
  const written = price.trim();
  const value = Number(written);
  if (!written || !Number.isFinite(value)) return price;
  const decimals = Number.isInteger(value) ? 0 : 2;
  return formatNumber(value, language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
