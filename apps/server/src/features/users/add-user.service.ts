import { randomBytes } from 'node:crypto';
import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import type { newUserRequest, RolesRequest } from '@journals/core/schemas/users';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { journalInvitations, userSpecializations, users } from '../../db/schema';
import { assertJournalSpecializations, uniqueViolationAsAnswer } from '../../domain/account-checks';
import { issueLinkMail } from '../../domain/account-links';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ConflictError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { checkSpecializations, writeRoles } from './users.service';

/**
 * Adds a person to the journal (spec 03 "Add new user", issue 22 §1, issue 44 §3, decisions 0039 and 0071) as an
 * invitation, and answers the same whether or not the address already had an account. Accounts are platform-wide
 * and roles per journal:
 * - a new address gets an account made with the details given, no password and the roles, and a link to choose its
 *   password (which confirms the e-mail); it is listed as a pending invitation until the account is confirmed;
 * - an address that already has an account gets no role and nothing of its account changes: it is mailed a link to
 *   a page of the journal where, signed in, it accepts (the roles are given then) or declines.
 * Adding the address of a pending invitation again sends a new link (the old one stops working); someone already in
 * the journal is a 409 (their roles are edited, not added; the manager sees them in the list anyway). One transaction;
 * the mail leaves after it.
 */
export async function addUser(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  journal: Journal,
  invitedBy: number,
  request: z.output<typeof newUserRequest>,
): Promise<void> {
  const mailIds: number[] = [];
  await deps.db
    .transaction(async (tx) => {
      await checkSpecializations(tx, journal.id, request);
      // Locks the account, so that two managers adding the same person do not both invite or add it.
      const [existing] = await rowsOf<{ id: number; email: string; fullName: string; language: Language }>(
        tx,
        sql`select id, email, full_name as "fullName", language from users where email = ${request.email} for update`,
      );
      const invitation = { journalId: journal.id, email: request.email, fullName: request.fullName.trim(), invitedBy };
      const expiresAt = new Date(Date.now() + TOKEN_LIFETIMES.invitationDays * 86_400_000);
      if (existing) {
        const [state] = await rowsOf<{ member: boolean; unconfirmedNew: boolean }>(
          tx,
          sql`select exists (select 1 from journal_roles where journal_id = ${journal.id} and user_id = ${existing.id})
              as member,
            exists (select 1 from journal_invitations i join users u on u.id = i.user_id
              where i.journal_id = ${journal.id} and i.user_id = ${existing.id} and i.new_account
                and i.answer is null and not u.email_confirmed) as "unconfirmedNew"`,
        );
        if (state!.unconfirmedNew) {
          // The account this journal made, not yet confirmed: the same invitation, a new link to choose a password.
          await writeRoles(tx, journal.id, existing.id, request);
          await saveInvitation(tx, { ...invitation, userId: existing.id, roles: request, newAccount: true, expiresAt });
          mailIds.push(await issueLinkMail(tx, deps, journal, existing, 'invitation'));
          return;
        }
        if (state!.member) throw ConflictError('users.already_member');
        const code = newToken();
        await saveInvitation(tx, {
          ...invitation,
          userId: existing.id,
          roles: request,
          newAccount: false,
          tokenHash: hashToken(code),
          expiresAt,
        });
        mailIds.push(await mailJoinLink(tx, deps, journal, existing, request, code));
        return;
      }
      const specializationIds = await assertJournalSpecializations(tx, journal.id, request.specializations);
      const [created] = await tx
        .insert(users)
        .values({
          email: request.email,
          // No password until its owner chooses one through the mailed link: nothing matches this.
          passwordHash: `!unset-${randomBytes(16).toString('hex')}`,
          fullName: request.fullName,
          nameOnPaper: request.nameOnPaper,
          phone: request.phone ?? null,
          jobTitle: request.jobTitle,
          workPlace: request.workPlace,
          personalKeywords: request.personalKeywords,
          availableAsReviewer: request.availableAsReviewer,
          language: journal.defaultLanguage,
        })
        .returning();
      await tx
        .insert(userSpecializations)
        .values(specializationIds.map((id) => ({ userId: created!.id, specializationId: id })));
      await writeRoles(tx, journal.id, created!.id, request);
      await saveInvitation(tx, { ...invitation, userId: created!.id, roles: request, newAccount: true, expiresAt });
      mailIds.push(await issueLinkMail(tx, deps, journal, created!, 'invitation'));
    })
    .catch(uniqueViolationAsAnswer());
  await deps.jobs.dispatchMail(mailIds);
}

type InvitationRow = typeof journalInvitations.$inferInsert;

/** The person's one invitation to the journal, written afresh (a new link replaces the old one). */
async function saveInvitation(tx: Tx, row: InvitationRow) {
  const roles = rolesOnly(row.roles);
  const fresh = {
    ...row,
    roles,
    tokenHash: row.tokenHash ?? null,
    answer: null,
    answeredAt: null,
    createdAt: new Date(),
  };
  await tx
    .insert(journalInvitations)
    .values(fresh)
    .onConflictDoUpdate({ target: [journalInvitations.journalId, journalInvitations.userId], set: fresh });
}

const rolesOnly = (request: RolesRequest): RolesRequest => ({
  roles: request.roles,
  reviewerSpecializations: request.reviewerSpecializations,
  externalReviewer: request.externalReviewer,
  editorType: request.editorType,
  editorSpecializations: request.editorSpecializations,
});

/** The roles offered, in the reader's language ("Reviewer, Editor (Journal manager)"). */
export function rolesText(language: Language, roles: Pick<RolesRequest, 'roles' | 'editorType'>) {
  return roles.roles
    .map((role) => {
      const name = translate(language, `users.role_${role}`);
      return role === 'editor' && roles.editorType !== null
        ? `${name} (${translate(language, `users.editor_type_${roles.editorType}`)})`
        : name;
    })
    .join(language === 'ar' ? '، ' : ', ');
}

/** The mail of an existing account's invitation: a link to the journal's page where it is answered. */
async function mailJoinLink(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  journal: Journal,
  person: { email: string; fullName: string; language: Language },
  roles: RolesRequest,
  code: string,
) {
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}/join?code=${encodeURIComponent(code)}`;
  const mails = await templateMails(tx, journal, 'journalInvitation', [person], (recipient) => ({
    Account_Link: link,
    Link_Validity: translate(recipient.language, 'mail.days', { count: TOKEN_LIFETIMES.invitationDays }),
    Journal_Roles: rolesText(recipient.language, roles),
  }));
  const [id] = await queueMail(tx, ...mails);
  return id!;
}
