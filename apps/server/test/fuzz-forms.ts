import { DECISION_ATTACHMENT_RULE, REVIEW_ATTACHMENT_RULE, REVIEW_ATTACHMENT_SLOTS } from '@journals/core/reviewing';
import { finalDecisionRequest, reviewSubmitRequest } from '@journals/core/schemas/reviewing';
import { z } from 'zod';
import {
  type Body,
  filePart,
  impossibleFor,
  type JsonSchema,
  MISSING_IDS,
  multipartBody,
  textPart,
  TRICKY_STRINGS,
} from './fuzz-inputs';
import { EXE, JPEG, PDF } from './papers';

/**
 * The multipart forms of the review loop — the review sheet and the final decision — for the fuzzers. Their fields
 * travel as JSON in one text part with the files beside it, so the OpenAPI document has no schema for them: each
 * form's schema comes from core. `badValuesFor` and `BAD_FILES` are finite, so that every field and every file
 * slot can be given each bad value alone (fuzz-forms.test.ts).
 */

export interface MultipartForm {
  /** The text part that carries the fields as JSON. */
  part: string;
  /** The fields as the server reads them: after its transforms, so that a date field shows its format. */
  schema: JsonSchema;
  /** The file parts, and the largest file each takes. */
  files: readonly string[];
  maxBytes: number;
}

const fieldsOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;

/** The forms by route, named as fuzz.test.ts names routes. */
export const MULTIPART_FORMS: Record<string, MultipartForm> = {
  'POST /api/journals/:slug/reviewing/:invitationId/review': {
    part: 'review',
    schema: fieldsOf(reviewSubmitRequest),
    files: REVIEW_ATTACHMENT_SLOTS,
    maxBytes: REVIEW_ATTACHMENT_RULE.maxBytes,
  },
  'POST /api/journals/:slug/papers/:id/decision': {
    part: 'decision',
    schema: fieldsOf(finalDecisionRequest),
    files: ['attachment'],
    maxBytes: DECISION_ATTACHMENT_RULE.maxBytes,
  },
};

export type FormFile = [slot: string, name: string, content: Buffer | string];

/** A form as the web app sends it: the fields as JSON in the form's part, then the files. */
export function formBody(form: MultipartForm, fields: unknown, files: FormFile[] = []): Body {
  return multipartBody([
    textPart(form.part, JSON.stringify(fields) ?? ''),
    ...files.map(([slot, name, content]) => filePart(slot, name, content)),
  ]);
}

const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, 2 ** 31, 1e308, '', ' ', '0', [], ['x'], {}, { a: 1 }];
/** Beyond a text field's limit, and beyond the multipart field size (1 MB). */
const LONG_STRINGS = ['x'.repeat(70_000), 'x'.repeat(1_100_000)];
/** Keys of a sheet's answers that name no question: ids of nothing, out of range, not ids. */
const BAD_QUESTION_KEYS = [...MISSING_IDS.map(String), '0', '-1', '1.5', '2147483648', 'abc', '__proto__', ''];

/**
 * Each bad value for a field of `schema`, `sample` being the field's good value: wrong types, tricky and long
 * strings, shape-valid impossible values, just past its limits; for answers by question, a question that does not
 * exist and each bad answer to one that does.
 */
export function badValuesFor(schema: JsonSchema, sample?: unknown): unknown[] {
  const values = [...WRONG_TYPES, ...TRICKY_STRINGS, ...LONG_STRINGS, ...impossibleFor(schema)];
  if (schema.maxLength !== undefined) values.push('y'.repeat(schema.maxLength + 1));
  for (const variant of [schema, ...(schema.anyOf ?? [])]) {
    if (typeof variant.const === 'number') values.push(variant.const + 1, String(variant.const));
    values.push(...impossibleFor(variant));
  }
  const answer = schema.additionalProperties;
  if (typeof answer === 'object' && sample && typeof sample === 'object' && !Array.isArray(sample)) {
    const [question, good] = Object.entries(sample)[0] ?? ['1', '1'];
    for (const key of BAD_QUESTION_KEYS) values.push({ ...sample, [key]: good });
    for (const value of badValuesFor(answer)) values.push({ ...sample, [question]: value });
  }
  return [...new Set(values)];
}

/** Files a slot should refuse, or take without harm: wrong type or content, odd names, empty, cut off, too big. */
export const badFiles = (maxBytes: number): [name: string, content: Buffer | string][] => [
  ['notes.exe', EXE],
  ['notes.pdf', EXE],
  ['notes.pdf', ''],
  ['notes.pdf', PDF.subarray(0, 5)],
  ['scan.jpg', PDF],
  ['notes.pdf', JPEG],
  ['', PDF],
  ['../../notes.pdf', PDF],
  ['notes.pdf\u0000.exe', PDF],
  ['\u202Efdp.exe', PDF],
  ['ملاحظات.pdf', PDF],
  [`${'n'.repeat(1_000)}.pdf`, PDF],
  ['no-extension', PDF],
  ['notes.pdf', Buffer.concat([PDF, Buffer.alloc(maxBytes)])],
];
