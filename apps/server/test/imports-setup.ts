import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  ImportFileError,
  type ImportedPaper,
  type ImportedRecord,
  type ImportReader,
  type Place,
} from '../src/features/imports/model';
import { archivedPapers, issues, journals, papers } from '../src/db/schema';
import type { TestApp, TestClient } from './harness';
import { multipartForm, PDF } from './papers';
import { waitFor } from './smtp-fake';

/**
 * The engine's tests read a JSON-lines file with a reader of their own (registered through the test hook
 * `readWithInTests`): one record a line, a galley given as "pdf" or "docx" written to the work folder as read. A
 * file starting with "BROKEN" cannot be read at all. `onRecord` lets a test act between records (a stop).
 */
export type TestRecord = Partial<Omit<ImportedPaper, 'galley'>> & { galley?: 'pdf' | 'docx'; refused?: string };

export function paperRecord(n: number, overrides: TestRecord = {}): TestRecord {
  return {
    sourceId: `test:${n}`,
    doi: null,
    title: { en: `Imported paper ${n}`, ar: `بحث مستورد ${n}` },
    issue: {
      volume: 40,
      number: '1',
      year: 2020,
      month: 3,
      publishDate: '2020-03-15',
      title: { en: '', ar: '' },
      sourceId: null,
    },
    authors: [
      {
        name: { en: `Author ${n}`, ar: '' },
        email: `author${n}@example.edu`,
        affiliation: { en: 'Cairo University', ar: '' },
        orcid: null,
        corresponding: true,
      },
    ],
    galley: 'pdf',
    ...overrides,
  };
}

export const testReader = (onRecord?: (index: number) => void): ImportReader =>
  async function* read(input) {
    const text = await readFile(input.file!, 'utf8');
    if (text.startsWith('BROKEN')) throw new ImportFileError('imports.file_unreadable');
    let index = 0;
    for (const line of text.split('\n').filter(Boolean)) {
      index += 1;
      onRecord?.(index);
      const record = JSON.parse(line) as TestRecord;
      const place: Place = [{ at: 'row', n: index }];
      if (record.refused) {
        yield { kind: 'refused', place, reason: record.refused as never } satisfies ImportedRecord;
        continue;
      }
      const { galley: _kind, refused: _refused, ...fields } = record;
      let galley = null;
      if (record.galley) {
        const file = path.join(input.workDir, `galley-${index}.${record.galley}`);
        const content = record.galley === 'pdf' ? PDF : Buffer.from('PK\u0003\u0004 not a pdf at all');
        await writeFile(file, content);
        galley = {
          name: `paper-${index}.${record.galley}`,
          mimeType: 'application/pdf',
          path: file,
          bytes: content.length,
        };
      }
      yield {
        kind: 'paper',
        place,
        section: { en: 'Articles', ar: '' },
        subtitle: { en: '', ar: '' },
        abstract: { en: '<p>An <b>abstract</b>.</p>', ar: '' },
        keywords: { en: ['imports'], ar: [] },
        fromPage: 1,
        toPage: 10,
        orderInIssue: null,
        publishDate: null,
        ...fields,
        galley,
      } as ImportedPaper;
    }
  };

export const fileOf = (records: TestRecord[]) =>
  Buffer.from(records.map((record) => JSON.stringify(record)).join('\n'));

export async function upload(client: TestClient, content: Buffer, source = 'spreadsheet', slug = 'general') {
  const form = multipartForm({ source }, [['file', 'archive.jsonl', content]]);
  return client.request('POST', `/api/journals/${slug}/imports`, form.payload, form.headers);
}

/** The import once its background pass has left `states`. */
export async function settled(
  client: TestClient,
  id: number,
  states = ['checking', 'queued', 'running'],
  slug = 'general',
) {
  return waitFor(`import ${id} settled`, async () => {
    const answer = await client.get(`/api/journals/${slug}/imports/${id}`);
    return states.includes(answer.body.state) ? null : answer.body;
  });
}

/** What the journal's archive holds: papers, archived papers, issues. */
export async function archiveCounts(app: TestApp, slug = 'general') {
  const [journal] = await app.deps.db.select({ id: journals.id }).from(journals).where(eq(journals.slug, slug));
  const count = async (table: typeof papers | typeof archivedPapers | typeof issues) =>
    Number(
      (
        await app.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.journalId, journal!.id))
      )[0]!.n,
    );
  return { papers: await count(papers), archived: await count(archivedPapers), issues: await count(issues) };
}
