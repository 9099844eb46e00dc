import { reminderDaysOf } from '@journals/core/limits';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { eq } from 'drizzle-orm';
import { journals, paperLogs, remindersSent } from '../../db/schema';
import { mailDay, paperValues } from '../../domain/paper-mail';
import { queueMail } from '../../mail/outbox';
import type { TemplateValues, TemplateValuesOf } from '@journals/core/schemas/mail-templates';
import { journalTemplates, type Recipient, renderTemplate } from '../../mail/templates';
import { invitationLinks } from './invitation-links';
import { editorsOfPapers } from './paper-editors';
import { type DueReminder, MILESTONES, type Milestone, type ReminderKind, reminderNotes } from './reminder-milestones';

/**
 * The review loop's reminders (issue 10 §2, decision 0023): to reviewers (unanswered invitations, reviews due soon,
 * today or late), to authors (a revision due) and to editors (a paper nobody reviews yet). jobs/reminders.ts
 * schedules them; the milestones and their statements are in ./reminder-milestones.ts.
 */

export interface ReminderDeps {
  db: Database;
  config: Config;
  dispatchMail: (ids: number[]) => Promise<void>;
}

type JournalRow = {
  id: number;
  slug: string;
  email: string;
  titleEn: string;
  titleAr: string;
  reminderDays: unknown;
};

/** Rows claimed, mailed and logged in one transaction. */
const BATCH = 200;

/**
 * Sends every reminder due on `today` (a UTC day, YYYY-MM-DD; by default the database's), and answers how many of
 * each kind. For each milestone kind, one statement finds the rows due across all journals and not sent yet; in
 * one transaction per batch their keys go into reminders_sent (ON CONFLICT DO NOTHING RETURNING), and only the rows
 * that went in get their mail and their paper log entry. Another worker's concurrent run waits on the same keys and
 * gets nothing back; a run that fails leaves nothing behind, and the next sends it. Mail is dispatched after commit.
 */
export async function sendReminders(
  deps: ReminderDeps,
  options: { today?: string } = {},
): Promise<Record<ReminderKind, number>> {
  const today = options.today ?? (await databaseDay(deps.db));
  const journalRows: JournalRow[] = await deps.db
    .select({
      id: journals.id,
      slug: journals.slug,
      email: journals.email,
      titleEn: journals.titleEn,
      titleAr: journals.titleAr,
      reminderDays: journals.reminderDays,
    })
    .from(journals)
    // A switched-off journal reminds nobody (decision 0051): its milestones join only these journals' day counts.
    .where(eq(journals.active, true));
  const byId = new Map(journalRows.map((journal) => [journal.id, journal]));
  const sent = {} as Record<ReminderKind, number>;
  for (const milestone of MILESTONES) {
    const days = JSON.stringify(
      Object.fromEntries(
        journalRows.map((journal) => [
          journal.id,
          milestone.days ? reminderDaysOf(journal.reminderDays)[milestone.days] : 0,
        ]),
      ),
    );
    sent[milestone.kind] = 0;
    for (;;) {
      const batch = await deps.db.transaction(async (tx) => {
        const due = await rowsOf<DueReminder>(tx, milestone.find(today, days, BATCH));
        if (due.length === 0) return { found: 0, claimed: 0, mailIds: [] };
        const claimed = await tx
          .insert(remindersSent)
          .values(
            due.map((row) => ({
              kind: milestone.kind,
              subjectId: row.subjectId,
              milestone: row.milestone,
              journalId: row.journalId,
            })),
          )
          .onConflictDoNothing()
          .returning({ subjectId: remindersSent.subjectId });
        const mine = new Set(claimed.map((row) => row.subjectId));
        const reminders = due.filter((row) => mine.has(row.subjectId));
        if (reminders.length === 0) return { found: due.length, claimed: 0, mailIds: [] };
        const editors =
          milestone.recipient === 'editors'
            ? await editorsOfPapers(
                tx,
                reminders.map((row) => row.paperId),
              )
            : new Map<number, Recipient[]>();
        const recipientsOf = (row: DueReminder): Recipient[] =>
          milestone.recipient === 'editors'
            ? (editors.get(row.paperId) ?? [])
            : [{ email: row.email!, language: row.language!, fullName: row.fullName! }];
        const texts = await journalTemplates(
          tx,
          reminders.map((row) => row.journalId),
          milestone.template,
        );
        const mails = reminders.flatMap((row) => {
          const journal = byId.get(row.journalId)!;
          return recipientsOf(row).map((recipient) =>
            renderTemplate(
              journal,
              texts(row.journalId),
              milestone.template,
              recipient,
              // One function fills the values of every milestone's type (reminder tests read each type's mail).
              valuesOf(deps, milestone, journal, row, recipient) as TemplateValuesOf<typeof milestone.template>,
            ),
          );
        });
        const mailIds = await queueMail(tx, ...mails);
        await tx.insert(paperLogs).values(
          reminders.map((row) => ({
            journalId: row.journalId,
            paperId: row.paperId,
            action: 'reminderSent',
            actorId: null,
            paperStatus: row.paperStatus,
            notes: reminderNotes(
              milestone.kind,
              milestone.recipient === 'reviewer'
                ? [row.shownName ?? '']
                : recipientsOf(row).map((recipient) => recipient.fullName),
              row.milestone,
            ),
          })),
        );
        return { found: due.length, claimed: reminders.length, mailIds };
      });
      sent[milestone.kind] += batch.claimed;
      await deps.dispatchMail(batch.mailIds);
      if (batch.found < BATCH) break;
    }
  }
  return sent;
}

/** Today by the database's clock, as a UTC day: every process agrees on it (the review loop's days are UTC too). */
async function databaseDay(db: Database): Promise<string> {
  const [row] = await rowsOf<{ day: string }>(
    db,
    sql`select to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') as day`,
  );
  return row!.day;
}

function valuesOf(
  deps: ReminderDeps,
  milestone: Milestone,
  journal: JournalRow,
  row: DueReminder,
  recipient: Recipient,
): TemplateValues {
  const paper = {
    id: row.paperId,
    title: row.title,
    code: row.code,
    abstract: row.abstract,
    submittedAt: row.submittedAt ? new Date(`${row.submittedAt}T00:00:00Z`) : null,
  };
  const values: TemplateValues = paperValues(deps.config, journal, paper);
  if (milestone.recipient === 'author')
    return { ...values, Author_Name: recipient.fullName, Revision_Deadline: mailDay(row.deadline) };
  if (milestone.recipient === 'reviewer') values.Reviewing_Deadline = mailDay(row.deadline);
  if (milestone.kind === 'invitationUnanswered') {
    const links = invitationLinks(deps.config, journal, {
      id: row.subjectId,
      reviewerId: row.reviewerId!,
      paperId: row.paperId,
    });
    return { ...values, AcceptReviewLink: links.accept, Refuse_Review_Link: links.refuse };
  }
  return values;
}
