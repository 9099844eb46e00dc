import { randomBytes } from 'node:crypto';
import { LIMITS } from '@journals/core/limits';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { journalRoles, users } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import { legacyPasswordHash } from '../../lib/passwords';
import type { Pass } from './imports.pass-state';
import { type LineDraft, refusedLine } from './imports.lines';
import type { ImportedPerson } from './model';
import { type OurRole, ourRolesOf } from './ojs-roles';

/**
 * People of an OJS Users XML (issue 45 "Imported people", decision 0081). A person is known by their e-mail, case
 * aside. A new e-mail is an account made inactive (no mail, no usable password unless a bcrypt hash is kept) with the
 * roles of the table (ojs-roles.ts); an account already a person of the journal gets the roles it lacks (never one
 * taken away, nothing of the account changed); an account of other journals only is not taken in (DESIGN §3: never
 * without its consent): it is invited to join when the journal sends its invitations. The dry run and the import
 * assess a person the same way; what undo and the invitations need is kept in the line (`replaced`).
 */

/** What a person's line keeps for undo and the invitations. */
export type PersonMade =
  | { account: 'created'; roles: OurRole[] }
  | { account: 'member'; added: OurRole[] }
  | { account: 'join'; roles: OurRole[] };

interface Existing {
  id: number;
  member: boolean;
  held: string[];
  invited: boolean;
}

/** The roles of the table, with the researcher's every person of a journal has. */
const rolesOf = (person: ImportedPerson): OurRole[] => {
  const roles = ourRolesOf(person.roles);
  return roles.some((role) => role.role === 'researcher') ? roles : [{ role: 'researcher' }, ...roles];
};

/** The roles an existing person of the journal lacks, leaving out one our rules forbid beside what it holds. */
function missingRoles(roles: OurRole[], held: string[]) {
  return roles.filter(
    ({ role }) =>
      !held.includes(role) &&
      !(role === 'handlingEditor' && held.includes('editor')) &&
      !(role === 'editor' && held.includes('handlingEditor')),
  );
}

const nameIn = (person: ImportedPerson, language: 'en' | 'ar') =>
  [person.givenName[language], person.familyName[language]]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/** The person's names: the journal's language first (the account's full name), the other as the name on papers. */
function namesOf(person: ImportedPerson, journal: Journal) {
  const first = journal.defaultLanguage === 'ar' ? 'ar' : 'en';
  const second = first === 'ar' ? 'en' : 'ar';
  const fullName = nameIn(person, first) || nameIn(person, second);
  const other = nameIn(person, first) ? nameIn(person, second) : '';
  return {
    fullName: fullName.slice(0, LIMITS.fullName),
    nameOnPaper: (other || fullName).slice(0, LIMITS.nameOnPaper),
    workPlace: (person.affiliation[first].trim() || person.affiliation[second].trim()).slice(0, LIMITS.workPlace),
  };
}

/** The phone as our accounts keep it (16 characters): without its spaces when longer, else left out. */
function phoneOf(phone: string) {
  const trimmed = phone.trim();
  if (trimmed.length <= LIMITS.phone) return trimmed || null;
  const compact = trimmed.replace(/[\s\-().]/g, '');
  return compact.length <= LIMITS.phone ? compact : null;
}

const titleOf = (person: ImportedPerson, journal: Journal) => {
  const { fullName } = namesOf(person, journal);
  return fullName ? `${fullName} <${person.email}>` : person.email;
};

async function existingAccount(tx: Tx, journalId: number, email: string, lock: boolean): Promise<Existing | null> {
  const [row] = await rowsOf<Existing>(
    tx,
    sql`select u.id,
        coalesce((select array_agg(r.role::text) from journal_roles r where r.user_id = u.id and r.journal_id = ${journalId}),
          '{}') as held,
        exists (select 1 from journal_roles r where r.user_id = u.id and r.journal_id = ${journalId}) as member,
        exists (select 1 from journal_invitations i where i.user_id = u.id and i.journal_id = ${journalId}
          and i.answer is null and not i.new_account) as invited
      from users u where lower(u.email) = ${email.toLowerCase()}
      ${lock ? sql`for update of u` : sql``}`,
  );
  return row ?? null;
}

type Assessed =
  | { line: LineDraft }
  | { line: LineDraft; create: true; roles: OurRole[] }
  | { line: LineDraft; existing: Existing; made: PersonMade };

async function assessPerson(tx: Tx, pass: Pass, person: ImportedPerson, lock: boolean): Promise<Assessed> {
  const title = titleOf(person, pass.journal);
  const base = { kind: 'person' as const, place: person.place, title, sourceId: person.sourceId };
  const key = `email:${person.email.toLowerCase()}`;
  if (pass.seen.has(key))
    return { line: refusedLine('person', person.place, title, { reason: 'imports.reason_person_duplicate' }) };
  pass.seen.add(key);
  const roles = rolesOf(person);
  const existing = await existingAccount(tx, pass.journal.id, person.email, lock);
  if (!existing) return { line: { ...base, action: 'create' }, create: true, roles };
  const line = { ...base, userId: existing.id };
  if (!existing.member) {
    if (existing.invited)
      return { line: { ...line, action: 'skip', refusal: { reason: 'imports.reason_person_invited_before' } } };
    return {
      line: { ...line, action: 'update', refusal: { reason: 'imports.reason_person_join' } },
      existing,
      made: { account: 'join', roles },
    };
  }
  const added = missingRoles(roles, existing.held);
  if (added.length === 0)
    return { line: { ...line, action: 'skip', refusal: { reason: 'imports.reason_person_unchanged' } } };
  return {
    line: { ...line, action: 'update', refusal: { reason: 'imports.reason_person_roles_added' } },
    existing,
    made: { account: 'member', added },
  };
}

/** The dry run of a person: the line the import would write. */
export async function checkPerson(tx: Tx, pass: Pass, person: ImportedPerson): Promise<LineDraft[]> {
  return [(await assessPerson(tx, pass, person, false)).line];
}

async function giveRoles(tx: Tx, journalId: number, userId: number, roles: OurRole[]) {
  if (roles.length === 0) return;
  await tx
    .insert(journalRoles)
    .values(roles.map(({ role, editorType }) => ({ userId, journalId, role, editorType: editorType ?? null })))
    .onConflictDoNothing();
}

/** The import of a person, inside its record's transaction: the account made or linked, the roles given. */
export async function applyPerson(tx: Tx, pass: Pass, person: ImportedPerson): Promise<LineDraft[]> {
  const assessed = await assessPerson(tx, pass, person, true);
  const journal = pass.journal;
  if ('create' in assessed) {
    const names = namesOf(person, journal);
    // An ORCID iD is one account's: another account's iD is left out rather than taken.
    const [orcidTaken] = person.orcid
      ? await rowsOf<{ id: number }>(tx, sql`select id from users where orcid = ${person.orcid}`)
      : [];
    const [created] = await tx
      .insert(users)
      .values({
        email: person.email.toLowerCase(),
        // A kept bcrypt hash is checked at the first sign-in (lib/passwords.ts); otherwise nothing matches this.
        passwordHash: person.password
          ? legacyPasswordHash(person.password)
          : `!unset-${randomBytes(16).toString('hex')}`,
        ...names,
        phone: phoneOf(person.phone),
        orcid: person.orcid && !orcidTaken ? person.orcid : null,
        personalKeywords: person.interests
          .map((interest) => interest.trim().slice(0, LIMITS.personalKeyword))
          .filter(Boolean)
          .slice(0, 50),
        availableAsReviewer: assessed.roles.some((role) => role.role === 'reviewer'),
        language: journal.defaultLanguage,
      })
      .returning({ id: users.id });
    await giveRoles(tx, journal.id, created!.id, assessed.roles);
    const made: PersonMade = { account: 'created', roles: assessed.roles };
    return [{ ...assessed.line, userId: created!.id, replaced: made, madeAt: new Date() }];
  }
  if ('made' in assessed) {
    if (assessed.made.account === 'member') await giveRoles(tx, journal.id, assessed.existing.id, assessed.made.added);
    return [{ ...assessed.line, replaced: assessed.made, madeAt: new Date() }];
  }
  return [assessed.line];
}
