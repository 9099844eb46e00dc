import { Readable } from 'node:stream';
import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalImportLines } from '../../db/schema';
import { lineView } from './imports.service';

const BATCH = 500;

/**
 * A cell a spreadsheet would run as a formula (= + - @, a tab or a carriage return first, or their full-width
 * forms) is given a leading apostrophe, which makes it text: a title from an imported file is never executed by the
 * manager's Excel (OWASP "CSV injection"). The rest of the cell is kept as it is.
 */
export const inertCell = (text: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text);

/**
 * The whole report as CSV, UTF-8 with a byte-order mark (Excel then reads the Arabic), its headers and words in the
 * reader's language; streamed a batch of lines at a time, whatever the report's size.
 */
export function reportCsv(db: Database, importId: number, language: Language): Readable {
  const word = (key: string) => translate(language, `imports.${key}`);
  async function* rows() {
    yield '\uFEFF';
    yield stringify([
      ['position', 'place', 'kind', 'action', 'title', 'reason'].map((column) => word(`report_${column}`)),
    ]);
    let after = 0;
    for (;;) {
      const lines = await db
        .select()
        .from(journalImportLines)
        .where(and(eq(journalImportLines.importId, importId), gt(journalImportLines.position, after)))
        .orderBy(asc(journalImportLines.position))
        .limit(BATCH);
      if (lines.length === 0) return;
      after = lines[lines.length - 1]!.position;
      yield stringify(
        lines.map((line) => {
          const view = lineView(line, language);
          return [
            view.position,
            inertCell(view.place),
            word(`kind_${view.kind}`),
            word(`action_${view.action}`),
            inertCell(view.title),
            inertCell(view.reason ?? ''),
          ];
        }),
      );
    }
  }
  return Readable.from(rows());
}
