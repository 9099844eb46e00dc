import { MAX_ID } from '@journals/core/schemas/fields';
import { z } from 'zod';
import type { RecordFilter } from './published-records';
import { utcSeconds } from './xml';

/**
 * What an OAI-PMH list request is read from (oai-pmh.ts): its resumption token, its from and until, and the
 * protocol's errors they raise.
 */

export type ErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

export class OaiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A set's spec: one per published issue (oai-pmh.ts lists them). */
export const SET_SPEC = /^vol-(\d{1,6})-i-(\d{1,2})$/;

/** The moments a from or until can name: years 0001 to 9999 (PostgreSQL has no year 0000), in ms. */
const FIRST_MOMENT = Date.parse('0001-01-01T00:00:00Z');
const LAST_MOMENT = Date.parse('9999-12-31T23:59:59Z') + 1000;
const moment = z.number().int().min(FIRST_MOMENT).max(LAST_MOMENT);

/**
 * What a resumption token carries: the list's arguments, where it stopped, and how far it is. A token comes back
 * from the harvester, who may have written it by hand: each field is held to what the arguments it stands for may
 * be (decision 0072), so a made-up one is a badResumptionToken, never a failed query.
 */
const tokenSchema = z.strictObject({
  verb: z.enum(['ListIdentifiers', 'ListRecords']),
  prefix: z.enum(['oai_dc', 'jats']),
  set: z.string().regex(SET_SPEC).optional(),
  from: moment.optional(),
  before: moment.optional(),
  after: z.number().int().min(0).max(MAX_ID),
  cursor: z.number().int().min(0),
  size: z.number().int().min(0),
});
export type Token = z.infer<typeof tokenSchema>;

export const encodeToken = (token: Token) => Buffer.from(JSON.stringify(token)).toString('base64url');

export function decodeToken(text: string, verb: Token['verb']): Token {
  let token: Token | null;
  try {
    token = tokenSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    token = null;
  }
  if (!token || token.verb !== verb || encodeToken(token) !== text) {
    throw new OaiError(
      'badResumptionToken',
      'The resumption token is not one this repository gave, or not for this verb.',
    );
  }
  return token;
}

export function filterOf(token: Token): RecordFilter {
  const [, volume, issue] = token.set ? SET_SPEC.exec(token.set)! : [];
  return {
    issue: token.set ? { volume: Number(volume), issue: String(Number(issue)) } : undefined,
    from: token.from === undefined ? undefined : new Date(token.from),
    before: token.before === undefined ? undefined : new Date(token.before),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** from and until as moments: from inclusive, until inclusive at its granularity (so `before` is the next moment). */
export function dateRange(from: string | undefined, until: string | undefined) {
  const granularity = (value: string) => (DAY.test(value) ? 'day' : SECOND.test(value) ? 'second' : null);
  const read = (value: string, name: string) => {
    const kind = granularity(value);
    const at = kind === 'day' ? new Date(`${value}T00:00:00Z`) : new Date(value);
    if (
      !kind ||
      Number.isNaN(at.getTime()) ||
      value.startsWith('0000') ||
      utcSeconds(at).slice(0, value.length) !== value
    ) {
      throw new OaiError('badArgument', `${name} is not a date of the form YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ.`);
    }
    return { at, kind };
  };
  const start = from === undefined ? null : read(from, 'from');
  const end = until === undefined ? null : read(until, 'until');
  if (start && end && start.kind !== end.kind)
    throw new OaiError('badArgument', 'from and until differ in granularity.');
  if (start && end && start.at > end.at) throw new OaiError('badArgument', 'from is later than until.');
  const step = end?.kind === 'day' ? 24 * 3600 * 1000 : 1000;
  return { from: start?.at.getTime(), before: end ? end.at.getTime() + step : undefined };
}
