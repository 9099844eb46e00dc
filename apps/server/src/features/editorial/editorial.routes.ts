import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import {
  editorialCard,
  editorialDashboardResponse,
  editorialListQuery,
  editorialListResponse,
  editorialReportQuery,
  editorialReportResponse,
  type EditorialReportRow,
} from '@journals/core/schemas/editorial';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { contentDisposition } from '../../lib/downloads';
import { signedInCaller } from '../../domain/journal-context';
import { documented, file } from '../../lib/openapi';
import { cardReport, cardReportAnswer } from './editorial-report.service';
import { cardPage, deskFront, deskScope } from './editorial.service';
import { JSON_TYPE } from '../../lib/json-text';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const cardParams = slugParams.extend({ card: editorialCard });

/** The editor's and handling editor's desk (issue 10 §1): cards, a card's papers, the paper report and its CSV. */
export function registerEditorialRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['editorial'];
  const base = '/api/journals/:slug/editorial';

  /** The caller's desk: the journal for an editor, their specializations for a handling editor, else 403. */
  const scopeOf = async (request: FastifyRequest, slug: string) => {
    const { journal, caller } = await signedInCaller(deps, request, slug);
    return deskScope(journal, caller);
  };

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: editorialDashboardResponse }, [401, 403, 404]) } },
    async (request) => {
      const scope = await scopeOf(request, request.params.slug);
      const { counts, recent } = await deskFront(db, scope);
      return {
        scope: (scope.specializations === null
          ? 'journal'
          : scope.specializations.length
            ? 'specializations'
            : 'none') as 'journal' | 'specializations' | 'none',
        counts,
        lastUpdated: recent,
      };
    },
  );

  app.get(
    `${base}/cards/:card`,
    {
      schema: {
        tags,
        params: cardParams,
        querystring: editorialListQuery,
        ...documented({ 200: editorialListResponse }, [401, 403, 404]),
      },
    },
    async (request) => {
      const scope = await scopeOf(request, request.params.slug);
      return cardPage(db, scope, request.params.card, request.query);
    },
  );

  app.get(
    `${base}/cards/:card/report`,
    {
      schema: {
        tags,
        params: cardParams,
        querystring: editorialReportQuery,
        ...documented({ 200: editorialReportResponse }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.slug);
      const { from, to } = request.query;
      // The answer as the database wrote its rows, kept as the bytes it is sent as (cardReportAnswer).
      return reply.type(JSON_TYPE).send(await cardReportAnswer(db, scope, request.params.card, { from, to }));
    },
  );

  app.get(
    `${base}/cards/:card/report.csv`,
    {
      schema: {
        tags,
        params: cardParams,
        querystring: editorialReportQuery,
        ...documented({ 200: file('The report as CSV (UTF-8), with a header row.', ['text/csv']) }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, request.params.slug);
      const { card } = request.params;
      const { from, to } = request.query;
      const { rows } = await cardReport(db, scope, card, { from, to });
      const name = `${request.params.slug}-${card}${from ? `-${from}` : ''}${to ? `-${to}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store')
        .send(reportCsv(rows, request.language));
    },
  );
}

/** A cell a spreadsheet would read as a formula (OWASP "CSV injection"): titles and names are the authors' text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of a cell as a spreadsheet shows it, never run: a leading quote before a formula's first character. */
function inertCell(value: string | number): string | number {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The report's rows as CSV in the caller's language: a byte-order mark so that spreadsheets read the Arabic as
 * UTF-8, a translated header row, the status in words, and every cell that would start a formula neutralised and
 * quoted.
 */
export function reportCsv(rows: EditorialReportRow[], language: Language): string {
  const t = (key: string) => translate(language, key);
  const columns: [string, (row: EditorialReportRow) => string | number][] = [
    ['editorial.col_code', (row) => row.code ?? ''],
    ['editorial.col_version', (row) => row.version],
    ['editorial.col_title', (row) => row.title],
    ['editorial.col_specialization', (row) => (language === 'ar' ? row.specializationAr : row.specializationEn) ?? ''],
    ['editorial.col_author', (row) => row.authorName],
    ['editorial.col_author_email', (row) => row.authorEmail],
    ['editorial.col_reviewers', (row) => row.reviewerNames],
    ['editorial.col_submitted', (row) => row.submittedAt ?? ''],
    ['editorial.col_status', (row) => t(`papers.status_${row.status}`)],
    ['editorial.col_status_date', (row) => row.statusDate],
    ['editorial.col_decision_date', (row) => row.decisionDate ?? ''],
  ];
  const records = [
    columns.map(([key]) => t(key)),
    ...rows.map((row) => columns.map(([, cell]) => inertCell(cell(row)))),
  ];
  // A neutralised cell is always quoted, so that a tab or carriage return after the quote stays inside it.
  return `\uFEFF${stringify(records, { quoted_match: /^'/ })}`;
}
