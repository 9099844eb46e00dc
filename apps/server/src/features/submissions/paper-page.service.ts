import { PAPER_STATUS } from '@journals/core/enums';
import { PAPER_FILE_KINDS } from '@journals/core/files';
import { publishPaymentDue } from '@journals/core/rules/issues';
import { managesReview } from '@journals/core/rules/papers';
import { uploadPaymentDue } from '@journals/core/rules/payments';
import type { paperPageResponse } from '@journals/core/schemas/submissions-responses';
import { and, type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CHANNELS, type Database, type DatabaseHandle } from '../../db/client';
import { jsonInstant } from '../../db/json';
import {
  finalDecisions,
  issues,
  journalPaymentSettings,
  paperAuthors,
  paperFiles,
  papers,
  paperSuggestedReviewers,
} from '../../db/schema';
import { type Caller, coAuthoredBy, type Paper, relationTo } from '../../domain/paper-access';
import { NotFoundError } from '../../lib/errors';
import { HeardCache, hearChanges } from '../../lib/heard-cache';
import { type JsonText, jsonText } from '../../lib/json-text';
import { PAPER_FIELD_PROPERTIES } from './submissions.service';

/**
 * The whole paper as its page reads it (spec 02 §2–§3): its fields, people, files, decision, issue and what is due,
 * written by the database and remembered until the database announces a change (decision 0062).
 */

type PaperPageResponse = z.infer<typeof paperPageResponse>;

/** The people of a paper as a JSON array in their order, as the page shows them (the authors with `isMain` and iD). */
const peopleJson = (table: typeof paperAuthors | typeof paperSuggestedReviewers, withMain: boolean) =>
  sql`(select coalesce(json_agg(json_build_object(
      'fullName', ${table.fullName}, 'email', ${table.email}, 'phone', ${table.phone}, 'workPlace', ${table.workPlace}
      ${
        withMain
          ? sql`, 'isMain', ${paperAuthors.isMain}, 'orcid', coalesce(${paperAuthors.orcid}, ''),
            'orcidAuthenticated', ${paperAuthors.orcidAuthenticated}`
          : sql``
      }
    ) order by ${table.position}), '[]') from ${table} where ${table.paperId} = ${papers.id})`;

/** A current file of the paper as a JSON object (the `paperFileItem` of the answer). */
type FileColumns = Record<'id' | 'paperId' | 'kind' | 'originalName' | 'size' | 'createdAt', AnyColumn>;
const fileJson = (file: FileColumns) =>
  sql`json_build_object('id', ${file.id}, 'paperId', ${file.paperId}, 'kind', ${file.kind},
    'originalName', ${file.originalName}, 'size', ${file.size}, 'createdAt', ${jsonInstant(file.createdAt)})`;

/** The paper's newest current file of one kind as JSON, or null. */
const newestFileJson = (kind: string, json: (file: FileColumns) => SQL) =>
  sql`(select ${json(paperFiles)} from ${paperFiles} where ${paperFiles.paperId} = ${papers.id}
    and ${paperFiles.kind} = ${kind} and ${paperFiles.removedAt} is null order by ${paperFiles.id} desc limit 1)`;

/**
 * The page of a paper as the database writes it (decision 0062): everything of `paperPageResponse` but what the
 * rules decide in the server (what is due, whether the caller runs its review), as JSON text with those keys.
 */
function pageJson() {
  const fields = Object.entries(PAPER_FIELD_PROPERTIES).flatMap(([field, property]) => [
    sql.raw(`'${field}'`),
    sql`${papers[property]}`,
  ]);
  return sql<string>`json_build_object(
    'id', ${papers.id}, 'code', ${papers.code}, 'version', ${papers.version}, 'status', ${papers.status},
    'statusDate', ${jsonInstant(papers.statusDate)}, 'createdAt', ${jsonInstant(papers.createdAt)},
    'submittedAt', ${jsonInstant(papers.submittedAt)}, 'creatorId', ${papers.creatorId},
    'parentPaperId', ${papers.parentPaperId}, 'superseded', ${papers.superseded},
    'revisionDeadline', ${papers.revisionDeadline}, 'uploadPaid', ${papers.uploadPaid},
    ${sql.join(fields, sql`, `)},
    'authors', ${peopleJson(paperAuthors, true)},
    'reviewers', ${peopleJson(paperSuggestedReviewers, false)},
    'files', (select coalesce(json_agg(${fileJson(paperFiles)} order by ${paperFiles.id}), '[]') from ${paperFiles}
      where ${paperFiles.paperId} = ${papers.id} and ${paperFiles.removedAt} is null
      and ${paperFiles.kind} in (${sql.join(
        PAPER_FILE_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})),
    'finalDecision', case when ${finalDecisions.id} is not null then json_build_object(
      'decision', ${finalDecisions.decision}, 'comments', ${finalDecisions.comments},
      'date', ${jsonInstant(finalDecisions.decidedAt)}, 'answers', ${finalDecisions.answers},
      'attachment', (select ${fileJson(paperFiles)} from ${paperFiles}
        where ${paperFiles.paperId} = ${papers.id} and ${paperFiles.kind} = 'decisionAttachment'
        and ${paperFiles.removedAt} is null order by ${paperFiles.id} limit 1)) end,
    'issue', case when ${issues.id} is not null then json_build_object('id', ${issues.id},
      'volume', ${issues.volume}, 'issue', ${issues.issue}, 'publishMonth', ${issues.publishMonth}) end,
    'finalFile', case when ${papers.issueId} is not null then ${newestFileJson(
      'finalVersion',
      (file) => sql`json_build_object('id', ${file.id}, 'kind', ${file.kind},
        'originalName', ${file.originalName}, 'size', ${file.size})`,
    )} end
  )::text`;
}

/**
 * A paper's page in one statement: the facts the rules read (who may read it, what is due) beside the page the
 * database writes as JSON (`pageJson`).
 */
function pageRows(db: Database, where: SQL | undefined, callerId: SQL) {
  return db
    .select({
      journalId: papers.journalId,
      creatorId: papers.creatorId,
      status: papers.status,
      specializationId: papers.specializationId,
      superseded: papers.superseded,
      uploadPaid: papers.uploadPaid,
      publishPaid: papers.publishPaid,
      coAuthor: coAuthoredBy(callerId),
      atUpload: journalPaymentSettings.atUpload,
      atUploadPrice: journalPaymentSettings.atUploadPrice,
      atPublish: journalPaymentSettings.atPublish,
      atPublishPrice: journalPaymentSettings.atPublishPrice,
      page: pageJson(),
    })
    .from(papers)
    .leftJoin(journalPaymentSettings, eq(journalPaymentSettings.journalId, papers.journalId))
    .leftJoin(finalDecisions, eq(finalDecisions.paperId, papers.id))
    .leftJoin(issues, eq(issues.id, papers.issueId))
    .where(where);
}

type PageRow = Awaited<ReturnType<typeof pageRows>>[number];

/** The paper page's read as a prepared statement: planned once per connection, not per request. */
const preparedPageReads = new WeakMap<Database, ReturnType<typeof preparePageRead>>();
const preparePageRead = (db: Database) =>
  pageRows(
    db,
    and(eq(papers.id, sql.placeholder('paperId')), eq(papers.journalId, sql.placeholder('journalId'))),
    sql`${sql.placeholder('callerId')}::int`,
  ).prepare('paper_page');

/**
 * What a process remembers of paper pages, by paper id, until the database announces a change to one (decision
 * 0062): the page and its facts, without the caller's own (whether they co-author it). One per database.
 */
const rememberedPages = new WeakMap<Database, HeardCache<PageRow>>();
export function paperPagesOf(db: Database) {
  let pages = rememberedPages.get(db);
  if (!pages) rememberedPages.set(db, (pages = new HeardCache<PageRow>()));
  return pages;
}

/**
 * Hears the database's announcements of changed papers (migration 0029): their pages are forgotten, or every page
 * (`*`: many papers, an issue, a journal's fees). Returns the way to stop.
 */
export function hearPaperPageChanges(database: Pick<DatabaseHandle, 'db' | 'listen'>) {
  return hearChanges(database, paperPagesOf(database.db), { channel: CHANNELS.paperPages });
}

/**
 * The page of a paper the caller may read; any other answers 404, as `readablePaper` does. Remembered (`paperPagesOf`):
 * whether the caller co-authors the paper changes what they are to it only when they run reviews and did not create
 * it (core `paperRelation`), so only they read it from the database each time.
 */
export async function readablePaperPage(
  db: Database,
  journalId: number,
  caller: Caller,
  paperId: number,
): Promise<JsonText> {
  let read = preparedPageReads.get(db);
  if (!read) preparedPageReads.set(db, (read = preparePageRead(db)));
  const readNow = async () => (await read.execute({ paperId, journalId, callerId: caller.userId }))[0];
  let fresh: PageRow | undefined;
  let row = await paperPagesOf(db).read(String(paperId), async () => {
    fresh = await readNow();
    return fresh && { ...fresh, coAuthor: false };
  });
  if (!row || row.journalId !== journalId) throw NotFoundError();
  if (fresh) row = fresh;
  else if (row.creatorId !== caller.userId && managesReview(caller.actor)) row = await readNow();
  if (!row) throw NotFoundError();
  const relation = await relationTo(db, caller, { ...row, coAuthor: Boolean(row.coAuthor) });
  if (!relation.reads) throw NotFoundError();
  return paperPage(row, relation.manages);
}

/** The paper as read by someone who does not run its review: its fields, people, files, code, status, what is due. */
export async function readPaper(db: Database, paper: Paper): Promise<JsonText> {
  const [row] = await pageRows(db, eq(papers.id, paper.id), sql`null::int`);
  if (!row) throw NotFoundError();
  return paperPage(row, false);
}

/** The database's page with what the rules decide added: the fees due now (core rules) and `managedByYou`. */
function paperPage({ page, ...row }: PageRow, managedByYou: boolean): JsonText {
  const settings = row.atUpload === null ? undefined : { atUpload: row.atUpload, atPublish: Boolean(row.atPublish) };
  // What is due for the at-upload fee now (core `uploadPaymentDue` with the journal's current settings).
  const due = uploadPaymentDue(row, settings) && row.atUploadPrice != null;
  // The at-publish fee: an accepted paper's, its newest version, while the journal charges at publish.
  const publishDue =
    row.status === PAPER_STATUS.accepted &&
    !row.superseded &&
    publishPaymentDue(row, settings) &&
    row.atPublishPrice != null;
  const decided = {
    payment: { due, amount: due ? row.atUploadPrice : null },
    publishPayment: { due: publishDue, amount: publishDue ? row.atPublishPrice : null },
    managedByYou,
  } satisfies Pick<PaperPageResponse, 'payment' | 'publishPayment' | 'managedByYou'>;
  return jsonText(`${page.slice(0, -1)},${JSON.stringify(decided).slice(1)}`);
}
