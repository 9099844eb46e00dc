import { z } from 'zod';
import type { Language } from '../enums';
import { formatNumber } from '../format';
import { translate } from '../i18n/index';
import { IMPORT_LIMITS } from './imports';

/**
 * Where a line of an import's report comes from in its source (decision 0084): parts from the outside in — the
 * file in a zip, the n-th `<issue>` of an OJS export with its volume and number, the n-th article or user, a
 * spreadsheet's row and column, an OAI record's identifier. Kept as data and shown in the reader's language: the
 * words ("row", "issue") are core's (`imports.place_*`), the numbers are written in the reader's digits, and what
 * the source itself names (a file, an id, a username, a column's header, an identifier) is kept as it was written.
 */
export const importPlacePart = z.discriminatedUnion('at', [
  z.object({ at: z.literal('file'), name: z.string() }),
  z.object({
    at: z.literal('issue'),
    n: z.number(),
    volume: z.number().optional(),
    number: z.string().optional(),
  }),
  z.object({ at: z.literal('article'), n: z.number(), id: z.string().optional() }),
  z.object({ at: z.literal('user'), n: z.number(), name: z.string().optional() }),
  z.object({ at: z.literal('row'), n: z.number(), column: z.string().optional() }),
  z.object({ at: z.literal('record'), id: z.string() }),
]);
export type ImportPlacePart = z.infer<typeof importPlacePart>;

export const importPlace = z.array(importPlacePart).max(4);
export type ImportPlace = z.infer<typeof importPlace>;

const cut = (text: string) => text.slice(0, IMPORT_LIMITS.placeNameLength);

/** The place with every name the source gave cut to IMPORT_LIMITS.placeNameLength: what the report keeps. */
export function keptPlace(place: ImportPlace): ImportPlace {
  return place.map((part) => {
    switch (part.at) {
      case 'file':
        return { ...part, name: cut(part.name) };
      case 'issue':
        return part.number === undefined ? part : { ...part, number: cut(part.number) };
      case 'article':
        return part.id === undefined ? part : { ...part, id: cut(part.id) };
      case 'user':
        return part.name === undefined ? part : { ...part, name: cut(part.name) };
      case 'row':
        return part.column === undefined ? part : { ...part, column: cut(part.column) };
      case 'record':
        return { ...part, id: cut(part.id) };
    }
  });
}

function partText(language: Language, part: ImportPlacePart): string {
  // A position in a file: no thousands separator ("row 12045"), in the reader's digits.
  const n = 'n' in part ? formatNumber(part.n, language, { useGrouping: false }) : '';
  const say = (key: string, values: Record<string, string> = {}) =>
    translate(language, `imports.place_${key}`, { n, ...values });
  switch (part.at) {
    case 'file':
      return part.name;
    case 'issue':
      if (part.volume === undefined) return say('issue');
      return say(part.number ? 'issue_volume_number' : 'issue_volume', {
        volume: formatNumber(part.volume, language, { useGrouping: false }),
        number: part.number ?? '',
      });
    case 'article':
      return part.id ? say('article_id', { id: part.id }) : say('article');
    case 'user':
      return part.name ? say('user_name', { name: part.name }) : say('user');
    case 'row':
      return part.column ? say('row_column', { column: part.column }) : say('row');
    case 'record':
      return say('record', { id: part.id });
  }
}

/** The place as the reader reads it: "issue 2 (vol. 3 no. 1) › article 5 (id 123)", "الصف ١٧، العمود المجلد". */
export function placeText(language: Language, place: ImportPlace): string {
  return place.map((part) => partText(language, part)).join(' › ');
}
