import { DEFAULT_DOI_PATTERN, doiFromPattern, mayDepositAgain } from '@journals/core/rules/doi';
import type { DoiDepositView, DoiSettingsResponse } from '@journals/core/schemas/doi';
import type { doiSettingsRequest } from '@journals/core/schemas/doi';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { archivedPapers, doiDeposits, journalDoiSettings } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { requestDeposits } from '../../domain/doi-requests';

/**
 * The DOI registration screen and the deposits' states (issue 46 §1, decision 0086): the journal's settings, read
 * and saved by its manager (the password sealed, never sent back); the deposits of an issue's papers for its
 * editors, in one statement; and a deposit sent again once its cause is fixed.
 */

export async function doiSettingsOf(db: Database, journalId: number) {
  const [row] = await db.select().from(journalDoiSettings).where(eq(journalDoiSettings.journalId, journalId));
  return row ?? null;
}

export async function doiSettings(deps: Pick<Deps, 'db' | 'config'>, journal: Journal): Promise<DoiSettingsResponse> {
  const row = await doiSettingsOf(deps.db, journal.id);
  const suffixPattern = row?.suffixPattern ?? DEFAULT_DOI_PATTERN;
  return {
    suffixPattern,
    system: row?.system ?? 'off',
    login: row?.login ?? '',
    passwordSet: (openSecret(deps.config.SECRET, 'crossref-password', row?.password ?? '') ?? '') !== '',
    prefix: journal.doiPrefix,
    depositorName: journal.depositorName,
    depositorEmail: journal.depositorEmail,
    example: exampleDoi(journal, suffixPattern),
  };
}

/** The DOI the pattern gives the third paper of the first issue of this year's volume, as the screen shows it. */
const exampleDoi = (journal: Journal, pattern: string) =>
  journal.doiPrefix
    ? doiFromPattern(journal.doiPrefix, pattern, {
        journal: journal.slug,
        year: new Date().getFullYear(),
        volume: 1,
        issue: 1,
        order: 3,
        paper: 1234,
      })
    : '';

/**
 * Saves the settings. Registering (a system other than `off`) needs what a deposit needs: the prefix and the
 * depositor (journal data), a login and a password (typed now, or stored and still opening under this SECRET).
 */
export async function saveDoiSettings(
  deps: Pick<Deps, 'db' | 'config' | 'cache'>,
  journal: Journal,
  values: z.output<typeof doiSettingsRequest>,
) {
  const stored = await doiSettingsOf(deps.db, journal.id);
  const storedPassword = openSecret(deps.config.SECRET, 'crossref-password', stored?.password ?? '') ?? '';
  const password = values.password !== '' ? values.password : storedPassword;
  if (values.system !== 'off') {
    if (!journal.doiPrefix) throw FieldError('System', 'doi.prefix_required');
    if (!journal.depositorName.trim() || !journal.depositorEmail.trim())
      throw FieldError('System', 'doi.depositor_required');
    if (password === '') throw FieldError('Password', 'doi.password_required');
  }
  const row = {
    suffixPattern: values.suffixPattern,
    system: values.system,
    login: values.login,
    password: sealSecret(deps.config.SECRET, 'crossref-password', password),
    modifiedAt: new Date(),
  };
  await deps.db
    .insert(journalDoiSettings)
    .values({ journalId: journal.id, ...row })
    .onConflictDoUpdate({ target: journalDoiSettings.journalId, set: row });
}

const viewOf = (row: typeof doiDeposits.$inferSelect): DoiDepositView => ({
  paperId: row.paperId,
  doi: row.doi,
  state: row.state,
  message: row.message,
  attempts: row.attempts,
  updatedAt: row.modifiedAt.toISOString(),
  depositedAt: row.depositedAt?.toISOString() ?? null,
});

/** The deposits of an issue's papers (those asked for), in the issue's order: one statement. */
export async function issueDeposits(db: Database, journal: Journal, issueId: number): Promise<DoiDepositView[]> {
  const rows = await db
    .select({ deposit: doiDeposits })
    .from(doiDeposits)
    .innerJoin(archivedPapers, eq(archivedPapers.paperId, doiDeposits.paperId))
    .where(and(eq(archivedPapers.issueId, issueId), eq(archivedPapers.journalId, journal.id)))
    .orderBy(asc(archivedPapers.orderInIssue));
  return rows.map(({ deposit }) => viewOf(deposit));
}

/** A paper's deposit, or null when none was asked for. */
export async function paperDeposit(db: Database, journal: Journal, paperId: number) {
  const [row] = await db
    .select()
    .from(doiDeposits)
    .where(and(eq(doiDeposits.paperId, paperId), eq(doiDeposits.journalId, journal.id)));
  return row ? viewOf(row) : null;
}

/**
 * Sends a paper's DOI to Crossref again (a refusal fixed, or a registered paper's record to refresh): 409 when the
 * journal does not register, the paper is not published with a DOI, or its deposit is on its way already.
 */
export async function depositAgain(deps: Deps, journal: Journal, paperId: number): Promise<DoiDepositView> {
  const [paper] = await deps.db
    .select({ paperId: archivedPapers.paperId })
    .from(archivedPapers)
    .where(and(eq(archivedPapers.paperId, paperId), eq(archivedPapers.journalId, journal.id)));
  if (!paper) throw NotFoundError();
  const settings = await doiSettingsOf(deps.db, journal.id);
  if (!settings || settings.system === 'off') throw ConflictError('doi.registration_off');
  const current = await paperDeposit(deps.db, journal, paperId);
  if (current && !mayDepositAgain(current.state)) throw ConflictError('doi.on_its_way');
  const asked = await deps.db.transaction((tx) => requestDeposits(tx, journal.id, [paperId]));
  if (asked.length === 0) throw ConflictError('doi.not_deposited');
  await deps.jobs.dispatchDeposits(asked);
  return (await paperDeposit(deps.db, journal, paperId))!;
}
