import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import type { RolesRequest } from '@journals/core/schemas/users';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { journalImports, journalInvitations, userTokens } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ConflictError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import type { PersonMade } from './imports.people';
import { importRow } from './imports.service';

/**
 * The journal decides to invite the people of an import (issue 45 "Imported people", decision 0081): POST
 * imports/:id/invite. Each account the import created that is still inactive and has no link still valid gets the
 * `importedAccountInvitation` mail with a link to choose its password (the reset link, which confirms the e-mail);
 * each existing account the import found outside the journal, not yet a person of it and without an invitation still
 * waiting, gets decision 0071's invitation to join with the roles of the table. A second call mails only those left
 * (a link expired, an account not yet mailed): nobody is mailed twice while a link of theirs still works. One
 * transaction, the import locked (two calls take turns); the mail leaves after it, through the outbox. Not counted
 * against the bulk-mail budget: these are account mails, one per person, each at most once a week.
 */

interface Invitee {
  userId: number;
  email: string;
  fullName: string;
  language: Language;
  made: PersonMade;
}

/** The roles offered, in the reader's language, as decision 0071's invitation names them. */
const rolesText = (language: Language, roles: RolesRequest) =>
  roles.roles
    .map((role) =>
      role === 'editor' && roles.editorType !== null
        ? `${translate(language, `users.role_${role}`)} (${translate(language, `users.editor_type_${roles.editorType}`)})`
        : translate(language, `users.role_${role}`),
    )
    .join(language === 'ar' ? '، ' : ', ');

const linkValidity = (language: Language) =>
  translate(language, 'mail.days', { count: TOKEN_LIFETIMES.invitationDays });

const expiry = () => new Date(Date.now() + TOKEN_LIFETIMES.invitationDays * 86_400_000);

/** The link to choose the password of an imported account: a reset link lasting the invitation's days. */
async function mailAccountLink(tx: Tx, deps: Pick<Deps, 'config'>, journal: Journal, person: Invitee) {
  const code = newToken();
  await tx
    .insert(userTokens)
    .values({ userId: person.userId, purpose: 'reset', tokenHash: hashToken(code), expiresAt: expiry() });
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}/recover?code=${encodeURIComponent(code)}`;
  return templateMails(tx, journal, 'importedAccountInvitation', [person], (recipient) => ({
    Account_Link: link,
    Link_Validity: linkValidity(recipient.language),
  }));
}

/** An existing account's invitation to join with the roles of the table (decision 0071's link and page). */
async function mailJoinLink(tx: Tx, deps: Pick<Deps, 'config'>, journal: Journal, person: Invitee, invitedBy: number) {
  const made = person.made as Extract<PersonMade, { account: 'join' }>;
  const editor = made.roles.find((role) => role.role === 'editor');
  const roles: RolesRequest = {
    roles: made.roles.map((role) => role.role),
    reviewerSpecializations: [],
    externalReviewer: false,
    editorType: editor ? (editor.editorType ?? 0) : null,
    editorSpecializations: [],
  };
  const code = newToken();
  const row = {
    journalId: journal.id,
    userId: person.userId,
    email: person.email,
    fullName: person.fullName,
    roles,
    newAccount: false,
    tokenHash: hashToken(code),
    invitedBy,
    expiresAt: expiry(),
    answer: null,
    answeredAt: null,
    createdAt: new Date(),
  };
  await tx
    .insert(journalInvitations)
    .values(row)
    .onConflictDoUpdate({ target: [journalInvitations.journalId, journalInvitations.userId], set: row });
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}/join?code=${encodeURIComponent(code)}`;
  return templateMails(tx, journal, 'journalInvitation', [person], (recipient) => ({
    Account_Link: link,
    Link_Validity: linkValidity(recipient.language),
    Journal_Roles: rolesText(recipient.language, roles),
  }));
}

/** Queues the import's invitations; answers how many. */
export async function inviteImported(
  deps: Pick<Deps, 'db' | 'config' | 'jobs'>,
  journal: Journal,
  id: number,
  invitedBy: number,
): Promise<number> {
  const { row } = await importRow(deps.db, journal, id);
  if (row.state !== 'done') throw ConflictError('imports.invite_not_done');
  const mailIds = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: journalImports.state })
      .from(journalImports)
      .where(eq(journalImports.id, id))
      .for('update');
    if (locked?.state !== 'done') throw ConflictError('imports.invite_not_done');
    // Those of the import still to invite: an inactive account it made without a live link, an outside account
    // not a person of the journal and without an invitation waiting.
    const people = await rowsOf<Invitee>(
      tx,
      sql`select distinct on (u.id) u.id as "userId", u.email, u.full_name as "fullName", u.language, l.replaced as made
        from journal_import_lines l join users u on u.id = l.user_id
        where l.import_id = ${id} and l.kind = 'person' and l.action in ('create', 'update')
          and not u.banned and u.erased_at is null
          and (
            (l.replaced->>'account' = 'created' and not u.email_confirmed
              and not exists (select 1 from user_tokens t where t.user_id = u.id and t.purpose = 'reset'
                and t.used_at is null and t.expires_at > now()))
            or (l.replaced->>'account' = 'join'
              and not exists (select 1 from journal_roles r where r.user_id = u.id and r.journal_id = ${journal.id})
              and not exists (select 1 from journal_invitations i where i.user_id = u.id
                and i.journal_id = ${journal.id} and i.answer is null and i.expires_at > now())))
        order by u.id`,
    );
    const mails = [];
    for (const person of people) {
      mails.push(
        ...(person.made.account === 'created'
          ? await mailAccountLink(tx, deps, journal, person)
          : await mailJoinLink(tx, deps, journal, person, invitedBy)),
      );
    }
    return queueMail(tx, ...mails);
  });
  await deps.jobs.dispatchMail(mailIds);
  return mailIds.length;
}
