/**
 * What features see of the job consumers (Deps.jobs): the one thing they ask of them. jobs/jobs.ts starts the
 * consumers and implements it; a feature imports this interface, never the consumers (which run features' work).
 */

/** Hands committed outbox rows to delivery. Services call `dispatch` after their transaction commits. */
export interface Jobs {
  dispatchMail(ids: number[]): Promise<void>;
  /** Rings the bell for papers whose DOI deposit is waiting (their doi_deposits rows committed). */
  dispatchDeposits(paperIds: number[]): Promise<void>;
  /**
   * Takes no new job; the jobs in hand finish, or go back to the queue at `deadline` (epoch ms; the stop's bound,
   * SHUTDOWN_TIMEOUT_SECONDS from now when not given).
   */
  stop(deadline?: number): Promise<void>;
}
