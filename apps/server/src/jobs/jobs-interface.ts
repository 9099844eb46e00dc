/**
 * What features see of the job consumers (Deps.jobs): the one thing they ask of them. jobs/jobs.ts starts the
 * consumers and implements it; a feature imports this interface, never the consumers (which run features' work).
 */

/** Hands committed outbox rows to delivery. Services call `dispatch` after their transaction commits. */
export interface Jobs {
  dispatchMail(ids: number[]): Promise<void>;
  stop(): Promise<void>;
}
