/** Display helpers shared by every screen. */

/** 1234 → "1.2K", 2500000 → "2.5M" (spec 01 §1: statistics abbreviated with K, M and B). */
export function abbreviateNumber(value: number): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      const scaled = value / size;
      const text = scaled >= 100 ? Math.floor(scaled).toString() : (Math.floor(scaled * 10) / 10).toString();
      return `${text}${suffix}`;
    }
  }
  return String(value);
}

/** Cuts a text at `max` characters and adds an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** A date as day/month/year (spec 03 §9), with Arabic digits in Arabic; an unreadable value comes back as is. */
export function formatDay(value: string | null | undefined, language: 'en' | 'ar'): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}
