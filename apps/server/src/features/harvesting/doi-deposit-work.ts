import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { doiDeposits, issues, journalDoiSettings, journals } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { openSecret } from '../../lib/secret-box';
import { crossrefDeposit } from './crossref';
import { publishedRecord } from './published-records';
import type { CrossrefAccount, CrossrefClient } from './crossref-client';

/**
 * One step of a paper's deposit (issue 46 §1, decision 0086), run by a job: a waiting deposit is sent to Crossref,
 * a submitted one's result is read. The row is claimed first (its holder and a lease), and every outcome is written
 * only while this holder still holds it: a deposit asked for again meanwhile (a fixed paper) lets go of the holder,
 * and the step's late answer is dropped. Network failures are tried again after a growing wait, Crossref's
 * refusals are kept with its message for the editors; nothing here touches publishing.
 */

/** How many network failures in a row before the deposit is shown as failed (about a day with the default waits). */
export const MAX_NETWORK_ATTEMPTS = 10;
/** How many times a result is asked for before the deposit is shown as failed (a day at one a minute). */
export const MAX_RESULT_POLLS = 1440;
const LEASE = sql`now() + interval '5 minutes'`;

type Row = typeof doiDeposits.$inferSelect;

/** The holder of a row whose bell the sweep has rung: its job may claim it; the sweep leaves it for a while. */
const RUNG = 'rung';

const due = () =>
  and(
    inArray(doiDeposits.state, ['waiting', 'submitted']),
    lte(doiDeposits.nextAttemptAt, sql`now()`),
    or(isNull(doiDeposits.holder), lt(doiDeposits.heldUntil, sql`now()`)),
  );

/**
 * The deposits a sweep queues: due, and held by nobody live nor rung within `quietSeconds` (a job is on its way:
 * ringing again at every sweep would pile up jobs faster than they are worked). Marked as rung in the same statement.
 */
export async function depositsToRing(db: Database, quietSeconds: number): Promise<number[]> {
  const waiting = db.select({ paperId: doiDeposits.paperId }).from(doiDeposits).where(due()).limit(500);
  const rows = await db
    .update(doiDeposits)
    .set({ holder: RUNG, heldUntil: sql`now() + make_interval(secs => ${quietSeconds})` })
    .where(and(inArray(doiDeposits.paperId, waiting), due()))
    .returning({ paperId: doiDeposits.paperId });
  return rows.map((row) => row.paperId);
}

/** Whether any deposit is due (start-up: the queue starts for it). */
export async function anyDepositDue(db: Database): Promise<boolean> {
  const [row] = await db.select({ paperId: doiDeposits.paperId }).from(doiDeposits).where(due()).limit(1);
  return row !== undefined;
}

async function claim(db: Database, paperId: number, holder: string): Promise<Row | null> {
  const [row] = await db
    .update(doiDeposits)
    .set({ holder, heldUntil: LEASE })
    .where(
      and(
        eq(doiDeposits.paperId, paperId),
        inArray(doiDeposits.state, ['waiting', 'submitted']),
        lte(doiDeposits.nextAttemptAt, sql`now()`),
        or(isNull(doiDeposits.holder), eq(doiDeposits.holder, RUNG), lt(doiDeposits.heldUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Writes the step's outcome and lets go of the row, if this holder still holds it. */
async function settle(db: Database, row: Row, holder: string, values: Partial<typeof doiDeposits.$inferInsert>) {
  await db
    .update(doiDeposits)
    .set({ ...values, holder: null, heldUntil: null, modifiedAt: new Date() })
    .where(and(eq(doiDeposits.paperId, row.paperId), eq(doiDeposits.holder, holder)));
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The wait before the next try after `attempts` network failures: doubling from CROSSREF_POLL_SECONDS, at most 6 h. */
export const retryWaitSeconds = (pollSeconds: number, attempts: number) =>
  Math.min(pollSeconds * 2 ** Math.max(attempts - 1, 0), 6 * 3600);

async function accountOf(deps: Pick<Deps, 'db' | 'config'>, journalId: number): Promise<CrossrefAccount | string> {
  const [settings] = await deps.db.select().from(journalDoiSettings).where(eq(journalDoiSettings.journalId, journalId));
  if (!settings || settings.system === 'off') return 'doi.registration_off';
  const password = openSecret(deps.config.SECRET, 'crossref-password', settings.password) ?? '';
  if (!settings.login || !password) return 'doi.password_required';
  return { system: settings.system, login: settings.login, password };
}

export async function workDeposit(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  client: CrossrefClient,
  paperId: number,
  holder: string,
): Promise<void> {
  const row = await claim(deps.db, paperId, holder);
  if (!row) return;
  const account = await accountOf(deps, row.journalId);
  if (typeof account === 'string') return settle(deps.db, row, holder, { state: 'failed', message: account });
  if (row.state === 'waiting') await send(deps, client, account, row, holder);
  else await readResult(deps, client, account, row, holder);
}

async function send(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  client: CrossrefClient,
  account: CrossrefAccount,
  row: Row,
  holder: string,
) {
  const [journal] = await deps.db.select().from(journals).where(eq(journals.id, row.journalId));
  const record = journal ? await publishedRecord(deps.db, journal.id, row.paperId) : null;
  if (!journal || !record || !record.doi)
    return settle(deps.db, row, holder, { state: 'failed', message: 'doi.not_deposited' });
  if (!journal.depositorName.trim() || !journal.depositorEmail.trim())
    return settle(deps.db, row, holder, { state: 'failed', message: 'doi.depositor_required' });
  const [issue] = await deps.db
    .select({ volume: issues.volume, issue: issues.issue, publishDate: issues.publishDate })
    .from(issues)
    .where(eq(issues.id, record.issueId));
  const now = new Date();
  const batchId = `${journal.slug}-p${row.paperId}-${now.getTime()}`;
  const deposit = crossrefDeposit(journal, issue!, [record], deps.config.PUBLIC_URL, now, batchId);
  const answer = await client.deposit(account, `${batchId}.xml`, deposit.xml);
  const attempts = row.attempts + 1;
  if (answer.outcome === 'accepted') {
    deps.log.info({ paperId: row.paperId, doi: record.doi, batchId }, 'DOI deposit sent to Crossref');
    return settle(deps.db, row, holder, {
      state: 'submitted',
      doi: record.doi,
      batchId,
      attempts,
      polls: 0,
      message: '',
      nextAttemptAt: later(deps.config.CROSSREF_POLL_SECONDS),
    });
  }
  if (answer.outcome === 'refused') {
    deps.log.warn({ paperId: row.paperId, doi: record.doi, message: answer.message }, 'Crossref refused a deposit');
    return settle(deps.db, row, holder, { state: 'failed', attempts, message: answer.message });
  }
  deps.log.warn({ paperId: row.paperId, attempts, message: answer.message }, 'Crossref unreachable; deposit kept');
  if (attempts >= MAX_NETWORK_ATTEMPTS)
    return settle(deps.db, row, holder, { state: 'failed', attempts, message: 'doi.unreachable' });
  return settle(deps.db, row, holder, {
    attempts,
    message: 'doi.unreachable',
    nextAttemptAt: later(retryWaitSeconds(deps.config.CROSSREF_POLL_SECONDS, attempts)),
  });
}

async function readResult(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  client: CrossrefClient,
  account: CrossrefAccount,
  row: Row,
  holder: string,
) {
  const answer = await client.result(account, row.batchId ?? '');
  const polls = row.polls + 1;
  if (answer.outcome === 'completed') {
    // The batch holds the paper's record and its notices' (decision 0088): registered when none of them failed.
    const own = (doi: string) => doi.toLowerCase() === row.doi.toLowerCase();
    const record = answer.records.find((r) => own(r.doi)) ?? answer.records[0];
    const failed = answer.records.find((r) => r.status === 'Failure');
    const named = (r: { doi: string; message: string }) =>
      own(r.doi) || !r.doi ? r.message : `${r.doi}: ${r.message}`;
    if (record && !failed) {
      deps.log.info({ paperId: row.paperId, doi: row.doi }, 'DOI registered by Crossref');
      return settle(deps.db, row, holder, {
        state: 'deposited',
        polls,
        message: answer.records
          .filter((r) => r.status === 'Warning')
          .map(named)
          .join(' '),
        depositedAt: new Date(),
      });
    }
    const message = failed ? named(failed) : '';
    return settle(deps.db, row, holder, { state: 'failed', polls, message: message || 'doi.no_result' });
  }
  if (polls >= MAX_RESULT_POLLS)
    return settle(deps.db, row, holder, { state: 'failed', polls, message: 'doi.no_result' });
  return settle(deps.db, row, holder, {
    polls,
    message: answer.outcome === 'unreachable' ? 'doi.unreachable' : '',
    nextAttemptAt: later(deps.config.CROSSREF_POLL_SECONDS),
  });
}
