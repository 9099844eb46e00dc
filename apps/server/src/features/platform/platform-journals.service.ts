import { randomBytes } from 'node:crypto';
import { EDITOR_TYPES, type Language, PAPER_STATUS } from '@journals/core/enums';
import type { PlatformJournalsResponse } from '@journals/core/schemas/platform';
import type { newJournalRequest } from '@journals/core/schemas/platform';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/rows';
import { journalRoles, journals, reviewQuestions, specializations, userSpecializations, users } from '../../db/schema';
import { uniqueViolationAsAnswer } from '../../domain/account-checks';
import { issueLinkMail } from '../../domain/account-links';
import { reviewSheetRows } from '../../domain/default-review-sheets';
import type { Deps } from '../../lib/deps';
import { ConflictError, NotFoundError } from '../../lib/errors';

/**
 * The platform administrator's journals (issue 22 §4, decision 0050): every journal with its counts in one statement,
 * and a new journal that works at once — the platform's default mail texts (a journal without its own rows sends
 * them), the general review sheet, one specialization so that registration and submission take their required
 * choice, payments off (no settings row), statistics at zero — with its first journal manager: an existing account
 * gets the role and keeps everything else, a new e-mail gets an account without a password and an invitation to
 * choose one. One transaction; the mail leaves after it.
 */

export async function platformJournals({ db }: Pick<Deps, 'db'>): Promise<PlatformJournalsResponse> {
  const rows = await rowsOf<{
    id: number;
    slug: string;
    titleEn: string;
    titleAr: string;
    defaultLanguage: Language;
    active: boolean;
    papers: string;
    published: string;
    issues: string;
    people: string;
    createdAt: Date | string;
  }>(
    db,
    sql`select j.id, j.slug, j.title_en as "titleEn", j.title_ar as "titleAr", j.default_language as "defaultLanguage",
        j.active, j.created_at as "createdAt",
        (select count(*) from papers p where p.journal_id = j.id and p.status <> ${PAPER_STATUS.draft}
          and not p.superseded) as papers,
        (select count(*) from papers p where p.journal_id = j.id and p.status = ${PAPER_STATUS.published}
          and not p.superseded) as published,
        (select count(*) from issues i where i.journal_id = j.id) as issues,
        (select count(distinct r.user_id) from journal_roles r where r.journal_id = j.id) as people
      from journals j order by j.id`,
  );
  return {
    items: rows.map((row) => ({
      ...row,
      papers: Number(row.papers),
      published: Number(row.published),
      issues: Number(row.issues),
      people: Number(row.people),
      createdAt: new Date(row.createdAt).toISOString(),
    })),
  };
}

/** The specialization a new journal starts with; its managers rename it and add theirs. */
const FIRST_SPECIALIZATION = { nameEn: 'General', nameAr: 'عام' };

export async function createJournal(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'cache'>,
  request: z.output<typeof newJournalRequest>,
): Promise<{ id: number; slug: string; invited: boolean }> {
  const mailIds: number[] = [];
  const answer = await deps.db
    .transaction(async (tx) => {
      const [taken] = await rowsOf<{ id: number }>(tx, sql`select id from journals where slug = ${request.slug}`);
      if (taken) throw ConflictError('platform.slug_taken');
      const [journal] = await tx
        .insert(journals)
        .values({
          slug: request.slug,
          titleEn: request.titleEn.trim(),
          titleAr: request.titleAr.trim(),
          defaultLanguage: request.defaultLanguage,
          codePrefix: request.codePrefix ?? null,
        })
        .returning();
      const [specialization] = await tx
        .insert(specializations)
        .values({ journalId: journal!.id, ...FIRST_SPECIALIZATION })
        .returning();
      await tx.insert(reviewQuestions).values(reviewSheetRows(journal!.id, false));

      // Locks the account, so that two journals made for the same new manager make one account.
      const [existing] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from users where email = ${request.managerEmail} for update`,
      );
      let managerId = existing?.id;
      if (!managerId) {
        const [created] = await tx
          .insert(users)
          .values({
            email: request.managerEmail,
            // No password until its owner chooses one through the mailed link: nothing matches this.
            passwordHash: `!unset-${randomBytes(16).toString('hex')}`,
            fullName: request.managerName.trim(),
            nameOnPaper: request.managerName.trim(),
            language: request.defaultLanguage,
          })
          .returning();
        managerId = created!.id;
        await tx.insert(userSpecializations).values({ userId: managerId, specializationId: specialization!.id });
        mailIds.push(await issueLinkMail(tx, deps, journal!, created!, 'invitation'));
      }
      await tx
        .insert(journalRoles)
        .values({ userId: managerId, journalId: journal!.id, role: 'editor', editorType: EDITOR_TYPES.journalManager });
      return { id: journal!.id, slug: journal!.slug, invited: !existing };
    })
    .catch(uniqueViolationAsAnswer());
  await deps.jobs.dispatchMail(mailIds);
  // An address asked for before it existed is remembered as unknown; the landing page lists the journals.
  deps.cache.invalidate(`journal:${answer.slug}`);
  deps.cache.invalidate('landing');
  return answer;
}

/**
 * Switches a journal off or on again (issue 22 §4, decision 0051). Off: its public pages say so (the bootstrap's
 * `active`), its mail is not delivered (the outbox says why) and its reminders stop; its back office and records
 * stay. The journal's cached answers on this process are dropped; the others follow within the cache's TTL.
 */
export async function setJournalActive(deps: Pick<Deps, 'db' | 'cache'>, id: number, active: boolean) {
  const [row] = await rowsOf<{ slug: string }>(
    deps.db,
    sql`update journals set active = ${active} where id = ${id} returning slug`,
  );
  if (!row) throw NotFoundError('platform.journal_not_found');
  deps.cache.invalidate(`journal:${row.slug}`);
  deps.cache.invalidate('landing');
  return row;
}
