import { MAX_ID } from '@journals/core/schemas/fields';
import fc from 'fast-check';
import { PDF } from './papers';

/**
 * Malformed inputs for the route fuzzer (fuzz.test.ts): wrong types, empty and huge strings, NUL and bidi
 * characters, numbers out of range, broken JSON, broken multipart and form bodies, wrong content types, odd path
 * segments. Bodies follow a route's JSON schema (from the OpenAPI document) or its sample body, so that many of
 * them get past the first checks and reach the handler.
 */

/** The parts of a JSON schema (as the OpenAPI document gives it) that the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maximum?: number;
  minimum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
}

/** A body as sent: an object (sent as JSON), or raw text or bytes with the content type given beside it. */
export type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string | Buffer; contentType?: string };

/**
 * NUL, bidi overrides and isolates, BOM, zero width, separators, CR, LF, TAB and other controls, a lone surrogate,
 * quotes, Arabic, emoji.
 */
const TRICKY_CHARS = [
  '\u0000',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u200F',
  '\u061C',
  '\uFEFF',
  '\u200B',
  '\u2028',
  '\uD800',
  '\r\n',
  '\n',
  '\r',
  '\t',
  '\u0085',
  '\u001B',
  '"',
  "'",
  '\\',
  '%',
  '<',
  'ـ',
  'ي',
  '١',
  '😀',
  '\u0301',
];

export const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egpj.exe',
  'مرحبا\u202Eabc\u202C',
  'null',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${7*7}',
  '\uD800',
  // A header of its own in a name or a subject (decision 0072: single-line fields refuse control characters).
  'Nour Salem\r\nBcc: everyone@example.org',
  'a\tb',
];

export const trickyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_CHARS), maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  // Longer than any field; the last is beyond the body limit (1 MB).
  { weight: 1, arbitrary: fc.constantFrom(300, 70_000, 1_100_000).map((length) => 'x'.repeat(length)) },
);

export const trickyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * Values of the right shape that are still wrong, by the format a field declares: days no calendar has (and year
 * 0000, which PostgreSQL refuses), well-formed e-mails of nobody, ids of rows that do not exist.
 */
export const IMPOSSIBLE_DAYS = [
  '2026-13-01',
  '2026-00-10',
  '2026-02-30',
  '2025-02-29',
  '2026-04-31',
  '9999-99-99',
  '0000-01-01',
];
export const NOBODY_EMAILS = ['nobody@example.org', 'no.such.reviewer@general.test', `${'n'.repeat(60)}@example.org`];
export const MISSING_IDS = [999_999, MAX_ID];

/** The shape-valid impossible values for a field of `schema`, by its format; none for a format it has not. */
export function impossibleFor(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  if (schema.format === 'date' || /\\d\{4\}-\\d\{2\}-/.test(schema.pattern ?? '')) return IMPOSSIBLE_DAYS;
  if (schema.format === 'email' || schema.pattern?.includes('@')) return NOBODY_EMAILS;
  const types = [schema.type ?? []].flat();
  if (types.includes('integer') && schema.maximum === MAX_ID) return MISSING_IDS;
  return [];
}

const trickyKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'a\u0000', '\u202Ekey'),
  trickyString,
);

/** Any JSON value, nested a little or a few hundred deep (deeper still: the raw bodies of brokenJson). */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant(null),
        fc.boolean(),
        trickyNumber,
        trickyString,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(trickyKey, tie('value'), { maxKeys: 3 }),
      ),
    })).value,
  },
  { weight: 1, arbitrary: fc.constantFrom(100, 400).map((depth) => nested(depth)) },
);

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

type Resolve = (schema: JsonSchema | undefined) => JsonSchema | undefined;

/** A value for a field of `schema`: of the wrong type, or of the right type just outside its rules. */
export function valueFor(schema: JsonSchema | undefined, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (!resolved || depth > 3) return anyJson;
  const options: fc.Arbitrary<unknown>[] = [anyJson];
  const impossible = impossibleFor(resolved);
  if (impossible.length > 0) options.push(fc.constantFrom(...impossible));
  const types = [resolved.type ?? []].flat();
  const variants = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (variants) options.push(...variants.map((variant) => valueFor(variant, resolve, depth + 1)));
  if (resolved.enum?.length) {
    const member = fc.constantFrom(...resolved.enum);
    options.push(
      member,
      member.map((value) => `${String(value).toUpperCase()}\u0000`),
    );
  }
  if (types.includes('string')) {
    options.push(trickyString);
    if (resolved.maxLength !== undefined) options.push(fc.constant('y'.repeat(resolved.maxLength + 1)));
  }
  if (types.includes('integer') || types.includes('number')) {
    options.push(trickyNumber, trickyNumber.map(String));
    if (resolved.maximum !== undefined) options.push(fc.constant(resolved.maximum + 1));
    if (resolved.minimum !== undefined) options.push(fc.constant(resolved.minimum - 1));
  }
  if (types.includes('boolean')) options.push(fc.constantFrom('true', 1, 'yes'));
  if (types.includes('array')) {
    const item = valueFor(resolved.items, resolve, depth + 1);
    options.push(fc.array(item, { maxLength: 3 }));
    if (resolved.maxItems !== undefined) {
      options.push(fc.array(item, { minLength: resolved.maxItems + 1, maxLength: resolved.maxItems + 1 }));
    }
  }
  if (types.includes('object') || resolved.properties) options.push(objectFor(resolved, resolve, depth + 1));
  return fc.oneof(...options);
}

/** An object with any of the schema's fields, each odd, and perhaps a key of its own. */
export function objectFor(schema: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const known = fc.record(Object.fromEntries(fields.map(([name, field]) => [name, valueFor(field, resolve, depth)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(trickyKey, anyJson, { maxKeys: 2 });
  return fc.tuple(known, extra).map(([own, more]) => Object.assign(Object.create(null), more, own));
}

/** The sample body with one field made odd, or left out, or an odd field added. */
export function mutated(
  sample: Record<string, unknown>,
  schema: JsonSchema | undefined,
  resolve: Resolve,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(sample);
  const options: fc.Arbitrary<Record<string, unknown>>[] = [
    fc.tuple(trickyKey, anyJson).map(([name, value]) => ({ ...sample, [name]: value })),
  ];
  if (names.length > 0) {
    options.push(
      fc
        .constantFrom(...names)
        .chain((name) =>
          valueFor(resolve(schema)?.properties?.[name], resolve).map((value) => ({ ...sample, [name]: value })),
        ),
      fc
        .constantFrom(...names)
        .map((name) => Object.fromEntries(Object.entries(sample).filter(([key]) => key !== name))),
    );
  }
  return fc.oneof(...options);
}

/**
 * The body with one field at a time — nested ones and list items too — given each shape-valid impossible value of
 * its format, the rest left as they were.
 */
export function impossibleVariants(
  body: Record<string, unknown>,
  schema: JsonSchema | undefined,
  resolve: Resolve,
): Record<string, unknown>[] {
  const variants: Record<string, unknown>[] = [];
  for (const [name, field] of Object.entries(resolve(schema)?.properties ?? {})) {
    const resolved = resolve(field);
    for (const value of impossibleFor(resolved)) variants.push({ ...body, [name]: value });
    for (const item of impossibleFor(resolve(resolved?.items))) variants.push({ ...body, [name]: [item] });
    const inner = body[name];
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const variant of impossibleVariants(inner as Record<string, unknown>, resolved, resolve)) {
        variants.push({ ...body, [name]: variant });
      }
    }
  }
  return variants;
}

const BROKEN_JSON = [
  '{',
  '{"a":',
  '{"a":1}}',
  '[',
  '"text',
  "{'a':1}",
  '{"a":1,}',
  'nul',
  '\u0000',
  '{"a":"\\u0000"}',
  '',
  ' ',
  '123',
  'null',
  'true',
  '"x"',
  '[]',
  '{"__proto__":{"isPlatformAdmin":true}}',
  '{"constructor":{"prototype":{"isPlatformAdmin":true}}}',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  `{"id":${'9'.repeat(400)}}`,
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
];
/** JSON that does not parse, or parses to the wrong shape; and bytes that are not UTF-8. */
export const brokenJson: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(...BROKEN_JSON).map((payload): Body => ({ kind: 'raw', payload, contentType: 'application/json' })),
  fc.constant<Body>({
    kind: 'raw',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    contentType: 'application/json',
  }),
);

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/json, text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'application/vnd.api+json',
  '*/*',
  'a/b/c',
  '',
];
/** A plausible body under a content type that does not fit it. */
export function wrongContentType(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc
    .tuple(value, fc.constantFrom(...WRONG_CONTENT_TYPES))
    .map(([body, contentType]): Body => ({ kind: 'raw', payload: JSON.stringify(body) ?? '', contentType }));
}

/** A form post (the payment page's kind of body) with odd fields and broken encodings. */
export function brokenForm(fields: string[]): fc.Arbitrary<Body> {
  const pair = fc.tuple(
    fc.constantFrom(...fields, 'x', 'a[b][c]', '__proto__'),
    trickyString.filter((value) => value.length < 10_000),
  );
  return fc.oneof(
    fc.array(pair, { maxLength: 4 }).map((pairs): Body => ({
      kind: 'raw',
      payload: new URLSearchParams(pairs).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })),
    fc
      .constantFrom(
        '%ZZ=1',
        'token=%',
        '=&=&',
        'token=a&token=b&action=pay&action=cancel',
        '&&&',
        'token[]=1',
        'a'.repeat(2_000_000),
      )
      .map((payload): Body => ({ kind: 'raw', payload, contentType: 'application/x-www-form-urlencoded' })),
  );
}

const BOUNDARY = 'fuzzBoundary7MA4YWxk';
const part = (headers: string, content: Buffer | string) =>
  Buffer.concat([Buffer.from(`${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
const fileHeaders = (field: string, name: string, type = 'application/pdf') =>
  `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}`;
/** A text part of a form. */
export const textPart = (field: string, value: string) =>
  part(`Content-Disposition: form-data; name="${field}"`, value);
/** A file part of a form. */
export const filePart = (field: string, name: string, content: Buffer | string, type?: string) =>
  part(fileHeaders(field, name, type), content);

/** A multipart body of the given parts; cut off before its closing boundary, or under another content type. */
export function multipartBody(
  parts: Buffer[],
  { close = true, type = `multipart/form-data; boundary=${BOUNDARY}` } = {},
): Body {
  return {
    kind: 'raw',
    payload: Buffer.concat([
      ...parts.map((one) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), one])),
      Buffer.from(close ? `--${BOUNDARY}--\r\n` : ''),
    ]),
    contentType: type,
  };
}

/** Multipart bodies a client should never send: cut off, boundaries that do not match, odd parts and names. */
export function brokenMultipart(fields: string[]): fc.Arbitrary<Body> {
  const field = fc.constantFrom(...fields, 'unknownSlot', '', 'a\u0000b');
  const name = fc.oneof(
    fc.constantFrom('x.pdf', '', '../../x.pdf', 'x.pdf\u0000.exe', '\u202Efdp.exe', 'x.PDF', 'no-extension'),
    trickyString.filter((value) => value.length < 1000 && !/["\r\n]/.test(value)),
  );
  const content = fc.constantFrom<Buffer | string>(PDF, '', 'MZ\u0090\u0000', PDF.subarray(0, 5));
  return fc.oneof(
    // One file, odd field, name or content.
    fc.tuple(field, name, content).map(([slot, file, bytes]) => multipartBody([part(fileHeaders(slot, file), bytes)])),
    // Cut off before the closing boundary, or in the middle of a part.
    fc
      .tuple(field, content)
      .map(([slot, bytes]) => multipartBody([part(fileHeaders(slot, 'x.pdf'), bytes)], { close: false })),
    fc.constant<Body>({
      kind: 'raw',
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
    // The boundary the header names is not the body's; or there is none.
    fc
      .tuple(field, content)
      .map(([slot, bytes]) =>
        multipartBody([part(fileHeaders(slot, 'x.pdf'), bytes)], { type: 'multipart/form-data; boundary=other' }),
      ),
    fc
      .tuple(field, content)
      .map(([slot, bytes]) =>
        multipartBody([part(fileHeaders(slot, 'x.pdf'), bytes)], { type: 'multipart/form-data' }),
      ),
    fc.constant(multipartBody([], { type: `multipart/form-data; boundary=${'b'.repeat(200)}` })),
    // Two files, a plain field, a part without its Content-Disposition, a header too long.
    fc
      .tuple(field, field)
      .map(([first, second]) =>
        multipartBody([part(fileHeaders(first, 'a.pdf'), PDF), part(fileHeaders(second, 'b.pdf'), PDF)]),
      ),
    field.map((slot) => multipartBody([part(`Content-Disposition: form-data; name="${slot}"`, 'just text')])),
    fc.constant(multipartBody([part('Content-Type: application/pdf', PDF)])),
    fc.constant(
      multipartBody([part(`Content-Disposition: form-data; name="f"; filename="${'n'.repeat(100_000)}"`, PDF)]),
    ),
  );
}

/** Path segments that are not what a route expects; already in URL form (some deliberately badly encoded). */
export const trickySegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    '2147483648',
    '99999999999999999999',
    '%20',
    '%00',
    '%E2%80%AE',
    '%D9%A3',
    '%EF%BC%92',
    '%',
    '%zz',
    '%C0%AF',
    '%ED%A0%80',
    'null',
    '__proto__',
    'constructor',
    'a'.repeat(5_000),
  ),
  // Never '.' or '..': the URL would be resolved to another route before it is sent.
  trickyString
    .filter((value) => value.length > 0 && value.length < 2_000 && value !== '.' && value !== '..')
    .map(encodeSegment),
);

/** encodeURIComponent that survives a lone surrogate (encoded as its raw, invalid UTF-8 bytes). */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}
