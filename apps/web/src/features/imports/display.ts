import type { ColorName } from '@journals/core/colors';
import type { Language } from '@journals/core/enums';
import { formatNumber } from '@journals/core/format';
import type { ImportAction, ImportSource, ImportState } from '@journals/core/schemas/imports';

/** How the Import screen shows an import's state, a record's action, a size and a time left. */

export const STATE_COLORS: Record<ImportState, ColorName> = {
  checking: 'blue',
  checked: 'cyan',
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  undone: 'gray',
};

export const ACTION_COLORS: Record<ImportAction, ColorName> = {
  // Teal rather than green: a card's count is written in shade 7, and green's is below 3:1 on white (axe).
  create: 'teal',
  update: 'blue',
  skip: 'gray',
  refuse: 'red',
};

/** What the file picker offers for each source (the server reads the file whatever its name says). */
export const ACCEPTED_FILES: Record<Exclude<ImportSource, 'oai'>, string> = {
  ojs: '.xml,.zip,application/xml,text/xml,application/zip',
  ojsUsers: '.xml,application/xml,text/xml',
  jats: '.zip,.xml,application/zip,application/xml,text/xml',
  spreadsheet: '.csv,.xlsx,.zip,text/csv,application/zip',
};

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** A size limit in the page's digits and units ("1 GB", "١ غيغابايت"). */
export function formatSize(bytes: number, language: Language): string {
  const [value, unit] = bytes >= GB ? [bytes / GB, 'gigabyte'] : [bytes / MB, 'megabyte'];
  return formatNumber(value, language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 });
}

/** A time left, rounded up to the unit a person reads it in ("40 seconds", "3 minutes", "2 hours"). */
export function formatTimeLeft(seconds: number, language: Language): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.round((seconds / 3600) * 10) / 10, 'hour'];
  return formatNumber(value, language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 });
}

/** A record's action as a chip: its text is written in shade 9, where green (ours, darker) reads well on its tint. */
export const ACTION_BADGE_COLORS: Record<ImportAction, ColorName> = { ...ACTION_COLORS, create: 'green' };
