import type { DatabaseHandle } from '../../db/client';
import { type LeasedQueue, leasedQueue } from '../../jobs/leased-queue';
import type { Deps } from '../../lib/deps';
import { type CrossrefClient, crossrefClient } from './crossref-client';
import { anyDepositDue, depositsToRing, workDeposit } from './doi-deposit-work';

/**
 * The DOI deposits' background work (issue 46 §1, decision 0086): one job a step on the leased queue `doi-deposit`
 * (jobs/leased-queue.ts). The row holds the deposit's state and when its next step is due; a job only rings the
 * bell, and the sweep (every CROSSREF_SWEEP_SECONDS) queues what has come due: a deposit to send again after a
 * network failure, a result to read, a step whose process died.
 */
export type DoiJobs = LeasedQueue;

export function doiJobs(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  options: { work: boolean; client?: CrossrefClient },
): DoiJobs {
  const client = options.client ?? crossrefClient(deps.config);
  return leasedQueue(handle, deps, {
    name: 'doi-deposit',
    what: 'DOI deposit',
    run: (paperId, holder) => workDeposit(deps, client, paperId, holder),
    toResume: () => depositsToRing(deps.db, Math.max(deps.config.CROSSREF_SWEEP_SECONDS * 2, 5)),
    anyBusy: () => anyDepositDue(deps.db),
    sweepSeconds: deps.config.CROSSREF_SWEEP_SECONDS,
    work: options.work,
  });
}
