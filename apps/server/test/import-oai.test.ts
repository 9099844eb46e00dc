import { placeText } from '@journals/core/schemas/import-place';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translate } from '@journals/core/i18n/index';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FetchPolicy } from '../src/lib/guarded-fetch';
import {
  type ImportedPaper,
  type ImportedRecord,
  ImportFileError,
  type RefusedRecord,
} from '../src/features/imports/model';
import { HARVEST_LIMITS, harvest, readOaiHarvest } from '../src/features/imports/oai-reader';
import { type OaiFake, startOaiFake } from './oai-fake';

/**
 * The OAI-PMH harvest (issue 45 §4, decision 0079), against a local repository (oai-fake.ts): what a manager who gives
 * a repository's base URL gets back, record by record, and why a harvest that cannot go on stops.
 */

/** The tests' operator allows the local repository (FETCH_ALLOW_PRIVATE=true); 1 MB a fetch, 2 s. */
const allowLocal: FetchPolicy = {
  allowPrivate: true,
  timeoutMs: 2_000,
  connectTimeoutMs: 1_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
};

let fake: OaiFake;
const folders: string[] = [];
beforeAll(async () => {
  fake = await startOaiFake();
});
afterAll(() => fake.close());
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const workFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'journals-oai-'));
  folders.push(folder);
  return folder;
};

async function harvested(url: string, fetchPolicy: FetchPolicy = allowLocal, workDir = workFolder()) {
  const records: ImportedRecord[] = [];
  for await (const record of readOaiHarvest({ file: null, fileName: '', url, workDir, fetchPolicy }))
    records.push(record);
  return records;
}

/** The reason a harvest stopped, in English and Arabic. */
async function stopped(records: AsyncIterable<ImportedRecord>): Promise<{ reason: string; en: string; ar: string }> {
  try {
    for await (const _record of records);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    return {
      reason: error.reason,
      en: translate('en', error.reason, error.values),
      ar: translate('ar', error.reason, error.values),
    };
  }
  throw new Error('the harvest did not stop');
}

const stoppedAt = (url: string, fetchPolicy: FetchPolicy = allowLocal) =>
  stopped(readOaiHarvest({ file: null, fileName: '', url, workDir: workFolder(), fetchPolicy }));

const papers = (records: ImportedRecord[]) => records.filter((r): r is ImportedPaper => r.kind === 'paper');
const refusals = (records: ImportedRecord[]) => records.filter((r): r is RefusedRecord => r.kind === 'refused');

describe('harvesting a journal through its resumption tokens', () => {
  it('reads every page: English and Arabic papers, a deleted record passed over, a record without an issue refused', async () => {
    const before = fake.requests.length;
    const records = await harvested(`${fake.base}/oai`);
    expect(fake.requests.slice(before).filter((r) => r.startsWith('/oai'))).toEqual([
      '/oai?verb=ListRecords&metadataPrefix=oai_dc',
      '/oai?verb=ListRecords&resumptionToken=page%3A2%3A',
      '/oai?verb=ListRecords&resumptionToken=page%3A4%3A',
    ]);
    expect(records.map((r) => [r.kind, placeText('en', r.place)])).toEqual([
      ['paper', 'record oai:fake.example:article/1'],
      ['paper', 'record oai:fake.example:article/2'],
      ['refused', 'record oai:fake.example:article/4'],
      ['paper', 'record oai:fake.example:article/5'],
      ['refused', 'record oai:fake.example:article/6'],
    ]);
    const [water, farming, wells] = papers(records);
    expect(water).toMatchObject({
      sourceId: 'oai:oai:fake.example:article/1',
      doi: '10.5555/fake.1',
      title: { en: 'Water Rights in Arid Lands', ar: 'حقوق المياه في الأراضي الجافة' },
      abstract: { en: 'How rights to water were shared.', ar: 'كيف تقاسم الناس حقوق المياه.' },
      keywords: { en: ['water', 'irrigation'], ar: ['مياه', 'ري'] },
      section: { en: 'Research Articles', ar: '' },
      issue: { volume: 3, number: '1', year: 2020, month: 3, publishDate: null },
      fromPage: 5,
      toPage: 9,
      publishDate: '2020-03-15',
    });
    expect(water!.authors).toEqual([
      {
        name: { en: 'Layla Haddad', ar: '' },
        email: null,
        affiliation: { en: '', ar: '' },
        orcid: null,
        corresponding: true,
      },
      {
        name: { en: 'John Smith', ar: '' },
        email: null,
        affiliation: { en: '', ar: '' },
        orcid: null,
        corresponding: false,
      },
    ]);
    // An Arabic title without xml:lang is known by its script; the citation in Arabic gives the issue and pages.
    expect(farming).toMatchObject({
      doi: '10.5555/fake.2',
      title: { en: '', ar: 'الزراعة في وادي الرافدين' },
      abstract: { en: '', ar: 'دراسة في الزراعة القديمة.' },
      authors: [{ name: { en: '', ar: 'أحمد الفارسي' } }],
      issue: { volume: 3, number: '1', year: 2020, month: 4 },
      fromPage: 10,
      toPage: 20,
    });
    // OJS 2's "Vol 2, No 4 (2019)", a "doi:" identifier.
    expect(wells).toMatchObject({ doi: '10.5555/fake.5', issue: { volume: 2, number: '4', year: 2019, month: 11 } });
    const [noIssue] = refusals(records);
    expect(translate('en', noIssue!.reason, noIssue!.values)).toContain('names no volume and issue');
    expect(translate('ar', noIssue!.reason, noIssue!.values)).toContain('لا يذكر هذا السجل مجلدًا وعددًا');
  });

  it('fetches the PDF a record names into the work folder, only when it answers application/pdf', async () => {
    const workDir = workFolder();
    const before = fake.requests.length;
    const [water, farming, wells] = papers(await harvested(`${fake.base}/oai`, allowLocal, workDir));
    // OJS's galley page /article/view/1/7 is fetched as its download link.
    expect(fake.requests.slice(before)).toContain('/article/download/1/7');
    expect(water!.galley).toMatchObject({ name: 'water-rights-7.pdf', mimeType: 'application/pdf' });
    expect(farming!.galley).toMatchObject({ name: 'paper-2.pdf', mimeType: 'application/pdf' });
    for (const galley of [water!.galley!, farming!.galley!]) {
      expect(path.dirname(galley.path)).toBe(workDir);
      const bytes = readFileSync(galley.path);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(galley.bytes).toBe(bytes.length);
    }
    // /files/5.pdf answers a sign-in page (text/html): no PDF, and nothing of it kept.
    expect(fake.requests.slice(before)).toContain('/files/5.pdf');
    expect(wells!.galley).toBeNull();
    expect(readdirSync(workDir).sort()).toEqual(
      [path.basename(water!.galley!.path), path.basename(farming!.galley!.path)].sort(),
    );
  });

  it('refuses a record whose PDF is larger than the size limit, and goes on', async () => {
    const records = await harvested(`${fake.base}/oai`);
    const atlas = records.find(
      (r) => placeText('en', r.place) === 'record oai:fake.example:article/6',
    ) as RefusedRecord;
    expect(atlas).toMatchObject({ kind: 'refused', reason: 'importOai.galleyTooLarge' });
    expect(translate('en', atlas.reason, atlas.values)).toBe(`The PDF at ${fake.base}/pdf/big.pdf is larger than 1 MB`);
    expect(translate('ar', atlas.reason, atlas.values)).toBe(`ملف PDF في ${fake.base}/pdf/big.pdf أكبر من ١ ميغابايت`);
  });

  it('harvests the set the base URL names, and keeps it out of the resumption requests', async () => {
    const records = await harvested(`${fake.base}/oai?set=ar`);
    expect(records.map((r) => placeText('en', r.place))).toEqual(['record oai:fake.example:article/2']);
    expect(fake.requests.at(-2)).toBe('/oai?verb=ListRecords&metadataPrefix=oai_dc&set=ar');
    const sets = await harvested(`${fake.base}/oai?verb=ListRecords&metadataPrefix=oai_dc&set=ar`);
    expect(sets.map((r) => placeText('en', r.place))).toEqual(['record oai:fake.example:article/2']);
  });

  it('reads noRecordsMatch as an empty harvest, not an error', async () => {
    expect(await harvested(`${fake.base}/oai?set=nothing-here`)).toEqual([]);
  });

  it('waits out an outage (503 with Retry-After) and goes on', async () => {
    const started = Date.now();
    const before = fake.requests.length;
    const records = await harvested(`${fake.base}/outage/oai`);
    expect(papers(records)).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(
      fake.requests.slice(before).filter((r) => r.startsWith('/outage/oai?verb=ListRecords&metadata')),
    ).toHaveLength(2);
  });

  it('reads a gzip-compressed repository', async () => {
    expect(papers(await harvested(`${fake.base}/gzip/oai`))).toHaveLength(3);
  });
});

describe('a harvest that cannot go on stops with its reason, in English and Arabic', () => {
  it('a resumption token the repository no longer accepts', async () => {
    const { reason, en, ar } = await stoppedAt(`${fake.base}/expiring/oai`);
    expect(reason).toBe('importOai.badResumptionToken');
    expect(en).toContain('no longer accepts');
    expect(ar).toContain('انتهت صلاحيتها');
  });

  it("another of the protocol's errors, with its code and the repository's words", async () => {
    expect(await stoppedAt(`${fake.base}/bad-argument/oai`)).toMatchObject({
      reason: 'importOai.oaiError',
      en: 'The repository refused the harvest: badArgument (Illegal argument: from)',
      ar: 'رفض المستودع الحصاد: badArgument (Illegal argument: from)',
    });
  });

  it('a repository that stays down', async () => {
    const records = harvest(
      { file: null, fileName: '', url: `${fake.base}/down/oai`, workDir: workFolder(), fetchPolicy: allowLocal },
      { ...HARVEST_LIMITS, retries: 1 },
    );
    expect(await stopped(records)).toMatchObject({ reason: 'importOai.unavailable' });
  });

  it('an answer slower than the time limit', async () => {
    const started = Date.now();
    expect(await stoppedAt(`${fake.base}/slow/oai`, { ...allowLocal, timeoutMs: 500 })).toMatchObject({
      reason: 'importOai.fetchTimeout',
      en: '127.0.0.1 did not answer within 0.5 seconds',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('an answer larger than the size limit', async () => {
    expect(await stoppedAt(`${fake.base}/huge/oai`)).toMatchObject({
      reason: 'importOai.fetchTooLarge',
      en: 'The answer from 127.0.0.1 is larger than 1 MB',
      ar: 'الرد القادم من 127.0.0.1 أكبر من ١ ميغابايت',
    });
  });

  it('a repository on a private address, with private addresses not allowed (the default)', async () => {
    const before = fake.requests.length;
    const records = readOaiHarvest({ file: null, fileName: '', url: `${fake.base}/oai`, workDir: workFolder() });
    expect(await stopped(records)).toMatchObject({ reason: 'importOai.fetchRefusedAddress' });
    expect(fake.requests.length).toBe(before);
  });

  it('a redirect to 127.0.0.1 from a repository the operator allows', async () => {
    const inside = await startOaiFake({ host: '127.0.0.2' });
    try {
      const to = encodeURIComponent(`${fake.base}/oai`);
      const result = await stoppedAt(`${inside.base}/redirect?to=${to}`, {
        ...allowLocal,
        allowPrivate: ['127.0.0.2'],
      });
      expect(result).toMatchObject({ reason: 'importOai.fetchRefusedAddress' });
      expect(result.en).toContain('127.0.0.1 leads to a private or local network address');
    } finally {
      await inside.close();
    }
  });

  it('an answer that is not OAI-PMH, one with a DOCTYPE declaring entities, one not in UTF-8', async () => {
    expect(await stoppedAt(`${fake.base}/not-oai/oai`)).toMatchObject({
      reason: 'importOai.notOai',
      en: 'The answer from 127.0.0.1 is not an OAI-PMH answer',
    });
    expect(await stoppedAt(`${fake.base}/doctype/oai`)).toMatchObject({ reason: 'importOai.notOai' });
    expect(await stoppedAt(`${fake.base}/latin1/oai`)).toMatchObject({ reason: 'importOai.wrongEncoding' });
  });

  it('a repository that sends the same resumption token again, and a harvest past its page limit', async () => {
    expect(await stoppedAt(`${fake.base}/loop/oai`)).toMatchObject({ reason: 'importOai.tokenLoop' });
    const records = harvest(
      { file: null, fileName: '', url: `${fake.base}/oai`, workDir: workFolder(), fetchPolicy: allowLocal },
      { ...HARVEST_LIMITS, maxPages: 2 },
    );
    expect(await stopped(records)).toMatchObject({
      reason: 'importOai.tooManyPages',
      en: 'The harvest passed 2 pages and was stopped',
      ar: 'تجاوز الحصاد ٢ صفحة فأُوقف',
    });
  });

  it('no address, or one that is not http or https', async () => {
    expect(await stoppedAt('')).toMatchObject({ reason: 'importOai.noUrl' });
    expect(await stoppedAt('ftp://repository.example/oai')).toMatchObject({ reason: 'importOai.fetchScheme' });
    expect(await stoppedAt('repository without scheme')).toMatchObject({ reason: 'importOai.fetchBadUrl' });
  });
});
