import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issues, journals } from '../src/db/schema';
import { depositErrors } from './crossref-schema';
import { buildTestApp, type TestApp } from './harness';

/**
 * The Crossref deposits the platform writes are valid against Crossref's schema 5.3.1 (issue 46 §1, decision 0086),
 * checked by libxml2's validator: every published issue of the demo archive as the editors export it (both scripts,
 * abstracts, pages, licences), and the validator's own bite on deposits broken the ways a writer could break them.
 * dois-deposit.test checks every deposit sent to the local Crossref the same way.
 */

let app: TestApp;
let exported: string[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  const editor = await app.signedIn('editor@general.test');
  const published = await app.deps.db
    .select({ id: issues.id })
    .from(issues)
    .innerJoin(journals, eq(journals.id, issues.journalId))
    .where(and(eq(journals.slug, 'general'), eq(issues.status, 1)));
  exported = [];
  for (const { id } of published) {
    const answer = await editor.get(`/api/journals/general/issues/${id}/export/crossref`);
    if (answer.status === 200) exported.push(String(answer.body));
  }
});
afterAll(() => app?.close());

describe('Crossref deposits', () => {
  it('of every published issue of the demo archive are valid against Crossref 5.3.1', async () => {
    expect(exported.length).toBeGreaterThanOrEqual(2);
    for (const xml of exported) {
      expect(xml).toContain('<doi_batch');
      expect(await depositErrors(xml)).toEqual([]);
    }
  });

  it('broken the ways a writer could break them are refused by the validator', async () => {
    const xml = exported[0]!;
    const broken: [string, string][] = [
      [
        'an ORCID iD without its URL',
        xml.replace(/<surname>/, '<surname>').replace(/(<\/surname>)/, '$1<ORCID>0000-0002-1825-0097</ORCID>'),
      ],
      ['a person without a sequence', xml.replace(/ sequence="first"/, '')],
      ['a DOI that is not one', xml.replace(/<doi>10\.[^<]*<\/doi>/, '<doi>not-a-doi</doi>')],
      [
        'the DOI before the publication date',
        xml.replace(
          /(<publication_date media_type="online">[\s\S]*?<\/publication_date>)([\s\S]*?)(<doi_data>[\s\S]*?<\/doi_data>)/,
          '$3$2$1',
        ),
      ],
      ['a month of 13', xml.replace(/<month>\d\d<\/month>/, '<month>13</month>')],
    ];
    for (const [what, deposit] of broken) {
      expect(deposit, what).not.toBe(xml);
      expect((await depositErrors(deposit)).length, what).toBeGreaterThan(0);
    }
  });
});
