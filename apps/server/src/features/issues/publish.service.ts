import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import { doiLink, publishPaymentDue } from '@journals/core/rules/issues';
import { canTransition, TRANSITIONS } from '@journals/core/rules/workflow';
import { asc, eq, inArray } from 'drizzle-orm';
import { archivedPapers, issues, journalPaymentSettings, paperLogs, papers, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { paperValues, publicPaperLink } from '../../domain/paper-mail';
import { queueMail } from '../../mail/outbox';
import { journalTemplates, renderTemplate } from '../../mail/templates';
import { assignDois, requestDeposits } from '../../domain/doi-requests';
import { refuseUnpaid } from './issue-papers.service';
import { lockIssue } from './issues.policy';

/**
 * Publishing an issue (spec 03 §4, issue 21 §1): only with papers and not yet published. The issue (status 1, the
 * moment), its papers (4 → 7 through core `TRANSITIONS.publish`, their archive rows public with the issue's date),
 * a `statusChanged` log per paper, a `paperPublished` mail to each paper's author, the DOIs the journal's pattern
 * gives and their deposits with Crossref (issue 46 §1): one transaction under the issue's row lock, so that a retried or doubled publish finds the issue published and changes nothing.
 */

export async function publishIssue(deps: Deps, journal: Journal, actorId: number, issueId: number) {
  const result = await deps.db.transaction(async (tx) => {
    const issue = await lockIssue(tx, journal.id, issueId);
    if (issue.status === ISSUE_STATUS.published)
      return { alreadyPublished: true, mailIds: [] as number[], deposits: [] as number[] };
    // Papers without a DOI get one by the journal's pattern (issue 46 §1), before the mails name them.
    await assignDois(tx, journal, issue);
    const placed = await tx
      .select({ paper: papers, doi: archivedPapers.doi })
      .from(archivedPapers)
      .innerJoin(papers, eq(papers.id, archivedPapers.paperId))
      .where(eq(archivedPapers.issueId, issue.id))
      .orderBy(asc(archivedPapers.orderInIssue))
      .for('update', { of: papers });
    if (placed.length === 0) throw ConflictError('issues.no_papers');
    const [settings] = await tx
      .select({ atPublish: journalPaymentSettings.atPublish })
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, journal.id));
    const unpaid = placed.find(({ paper }) => publishPaymentDue(paper, settings));
    if (unpaid) throw refuseUnpaid(unpaid.paper);
    const stuck = placed.find(({ paper }) => !canTransition(paper.status, 'publish') || paper.superseded);
    if (stuck)
      throw new AppError('conflict', 'issues.paper_not_publishable', undefined, {
        title: stuck.paper.title || stuck.paper.code || '',
      });
    const now = new Date();
    const ids = placed.map(({ paper }) => paper.id);
    const status = TRANSITIONS.publish.to;
    await tx.update(papers).set({ status, statusDate: now, modifiedAt: now }).where(inArray(papers.id, ids));
    await tx
      .update(archivedPapers)
      .set({ published: true, publishDate: issue.publishDate, modifiedAt: now })
      .where(eq(archivedPapers.issueId, issue.id));
    await tx
      .update(issues)
      .set({ status: ISSUE_STATUS.published, publishedAt: now, modifiedAt: now })
      .where(eq(issues.id, issue.id));
    await tx.insert(paperLogs).values(
      placed.map(({ paper }) => ({
        journalId: journal.id,
        paperId: paper.id,
        action: 'statusChanged' as const,
        actorId,
        paperStatus: PAPER_STATUS.published,
        notes: `${issue.volume}/${issue.issue}`,
      })),
    );
    // Each paper's author (its creator's account), in their language.
    const creatorIds = [...new Set(placed.map(({ paper }) => paper.creatorId).filter((id) => id !== null))];
    const authors =
      creatorIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, email: users.email, language: users.language, fullName: users.fullName })
            .from(users)
            .where(inArray(users.id, creatorIds));
    const authorOf = new Map(authors.map((author) => [author.id, author]));
    const texts = (await journalTemplates(tx, [journal.id], 'paperPublished'))(journal.id);
    const mails = placed.flatMap(({ paper, doi }) => {
      const author = paper.creatorId === null ? undefined : authorOf.get(paper.creatorId);
      if (!author) return [];
      return [
        renderTemplate(journal, texts, 'paperPublished', author, {
          ...paperValues(deps.config, journal, paper),
          Author_Name: author.fullName,
          Issue: issue.issue,
          Volume: String(issue.volume),
          Paper_Link: publicPaperLink(deps.config, journal, paper.id),
          Paper_DOI: doi ? doiLink(doi) : '-',
        }),
      ];
    });
    // Each paper with a DOI is deposited with Crossref by a job, when the journal registers (never holding back).
    const deposits = await requestDeposits(tx, journal.id, ids);
    return { alreadyPublished: false, mailIds: await queueMail(tx, ...mails), deposits };
  });
  await deps.jobs.dispatchMail(result.mailIds);
  await deps.jobs.dispatchDeposits(result.deposits);
  return { alreadyPublished: result.alreadyPublished };
}
