import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as wait } from 'node:timers/promises';
import {
  DEFAULT_FETCH_POLICY,
  type FetchPolicy,
  GuardedFetchError,
  type GuardedResponse,
  guardedFetch,
} from '../../lib/guarded-fetch';
import { type ImportedRecord, ImportFileError, type ImportReader, type ReaderInput } from './model';
import { readOaiPage } from './oai-page';
import { fetchGalley } from './oai-galley';
import { paperOf, pdfCandidates } from './oai-record';

/**
 * The OAI-PMH harvest (issue 45 §4, decision 0079): `ListRecords` in `oai_dc` from the base URL the manager gave,
 * page after page through the resumption tokens, each page fetched through the guarded fetch to a file of the work
 * folder and read from there as a stream, one paper per record. A record the repository marks deleted is passed
 * over (it is no paper); `noRecordsMatch` is an empty harvest; any other OAI-PMH error, a page that is no OAI-PMH, a
 * fetch refused or failed ends the harvest with its translated reason.
 */

export interface HarvestLimits {
  /** Pages read at most (a repository of 100,000 records sends about 1,000 pages of 100). */
  maxPages: number;
  /** Times a page answered "503, come back later" is asked again. */
  retries: number;
  /** The longest wait asked by Retry-After that is honoured, in ms; a longer one ends the harvest. */
  maxRetryWaitMs: number;
}

export const HARVEST_LIMITS: HarvestLimits = { maxPages: 5_000, retries: 3, maxRetryWaitMs: 120_000 };

/** The arguments of the base URL the harvest keeps (a set, a date range); the protocol's own are set here. */
const SELECTIVE = ['set', 'from', 'until'];
const PROTOCOL = ['verb', 'metadataPrefix', 'resumptionToken', 'identifier'];

export const readOaiHarvest: ImportReader = (input) => harvest(input);

export async function* harvest(
  input: ReaderInput,
  limits: HarvestLimits = HARVEST_LIMITS,
): AsyncGenerator<ImportedRecord> {
  const policy = input.fetchPolicy ?? DEFAULT_FETCH_POLICY;
  const base = harvestBase(input.url);
  const selective = SELECTIVE.flatMap((name) => {
    const value = base.searchParams.get(name);
    return value ? [[name, value] as [string, string]] : [];
  });
  for (const name of [...SELECTIVE, ...PROTOCOL]) base.searchParams.delete(name);
  const seen = new Set<string>();
  let query: [string, string][] = [['verb', 'ListRecords'], ['metadataPrefix', 'oai_dc'], ...selective];
  let galleys = 0;
  for (let page = 1; ; page++) {
    if (page > limits.maxPages) throw new ImportFileError('importOai.tooManyPages', { pages: limits.maxPages });
    const url = new URL(base);
    for (const [name, value] of query) url.searchParams.append(name, value);
    const file = path.join(input.workDir, 'oai-page.xml');
    await fetchPage(url, file, policy, limits, input.signal);
    const records = readOaiPage(file, url.hostname);
    let next = await records.next();
    for (; !next.done; next = await records.next()) {
      const record = next.value;
      if (record.deleted || !record.identifier) continue;
      const paper = paperOf(record);
      if (paper.kind === 'refused') {
        yield paper;
        continue;
      }
      const galley = await fetchGalley(pdfCandidates(record), input.workDir, ++galleys, policy, input.signal);
      yield 'refused' in galley ? { ...galley.refused, place: paper.place } : { ...paper, galley: galley.file };
    }
    await rm(file, { force: true });
    const { resumptionToken, error } = next.value;
    if (error?.code === 'noRecordsMatch') return;
    if (error?.code === 'badResumptionToken') throw new ImportFileError('importOai.badResumptionToken');
    if (error) throw new ImportFileError('importOai.oaiError', { code: error.code, message: error.message });
    if (!resumptionToken) return;
    if (seen.has(resumptionToken)) throw new ImportFileError('importOai.tokenLoop');
    seen.add(resumptionToken);
    query = [
      ['verb', 'ListRecords'],
      ['resumptionToken', resumptionToken],
    ];
  }
}

function harvestBase(address: string | null): URL {
  if (!address?.trim()) throw new ImportFileError('importOai.noUrl');
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new ImportFileError('importOai.fetchBadUrl', { url: address.slice(0, 200) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImportFileError('importOai.fetchScheme', { url: address.slice(0, 200) });
  url.hash = '';
  return url;
}

/** One page to `file`, asked again after the wait a 503 names (the protocol's flow control). */
async function fetchPage(url: URL, file: string, policy: FetchPolicy, limits: HarvestLimits, signal?: AbortSignal) {
  const host = url.hostname;
  for (let attempt = 0; ; attempt++) {
    const response = await fetching(() => guardedFetch(url.toString(), policy, { signal, accept: 'text/xml' }));
    if (response.status === 200) {
      await fetching(() => pipeline(response.body, createWriteStream(file)));
      return;
    }
    response.cancel();
    if (response.status !== 503) throw new ImportFileError('importOai.httpStatus', { host, status: response.status });
    const retryAfter = retryAfterMs(response);
    if (attempt >= limits.retries || retryAfter > limits.maxRetryWaitMs)
      throw new ImportFileError('importOai.unavailable', { host });
    await wait(retryAfter, undefined, { signal });
  }
}

/** Retry-After in ms: seconds or an HTTP date; 10 s when the answer names none. */
function retryAfterMs(response: GuardedResponse): number {
  const header = response.headers['retry-after']?.trim() ?? '';
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 10_000 : Math.max(0, date - Date.now());
}

/** The guarded fetch's refusal as the harvest's: the same translated reason. */
async function fetching<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof GuardedFetchError) throw new ImportFileError(error.reason, error.values);
    throw error;
  }
}
