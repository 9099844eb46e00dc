import type { ColorName } from '@journals/core/colors';
import type { Language } from '@journals/core/enums';
import { formatDay, formatNumber, formatTime } from '@journals/core/format';
import type { ExportState } from '@journals/core/schemas/exports';

/** How the Export part shows an export's state, its file's size and when it was started. */

export const EXPORT_STATE_COLORS: Record<ExportState, ColorName> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

const UNITS = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
] as const;

/** A file's size in the page's digits and units ("2.4 megabytes", "٢٫٤ ميغابايت"). */
export function formatBytes(bytes: number, language: Language): string {
  const [unit, size] = UNITS.find(([, size]) => bytes >= size) ?? ['byte', 1];
  return formatNumber(bytes / size, language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
}

/** Its day and time, in the page's digits. */
export const formatStarted = (iso: string, language: Language) =>
  `${formatDay(iso, language)} ${formatTime(new Date(iso), language)}`;
