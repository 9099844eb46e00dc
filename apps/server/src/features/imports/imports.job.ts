import type { DatabaseHandle } from '../../db/client';
import { type LeasedQueue, leasedQueue } from '../../jobs/leased-queue';
import type { Deps } from '../../lib/deps';
import { runPass } from './imports.pass';
import { busyImports, busyImportsToResume } from './imports.progress';

/**
 * The import's background work (decision 0076): one job per pass (the dry run, then the real import) on the leased
 * queue `journal-import` (jobs/leased-queue.ts). A pass holds its import by a lease renewed with every batch; the
 * sweep queues again an import whose holder died, and it resumes after its last committed batch.
 */
/** The sweep's period at most; a shorter lease (IMPORT_LEASE_SECONDS) sweeps as often as it runs out. */
const SWEEP_SECONDS = 30;

export type ImportJobs = LeasedQueue;

export function importJobs(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  options: { work: boolean },
): ImportJobs {
  return leasedQueue(handle, deps, {
    name: 'journal-import',
    what: 'import',
    run: (id, holder, signal) => runPass(deps, id, holder, signal),
    toResume: () => busyImportsToResume(deps.db),
    // A busy import still held by a process killed a moment ago waits for its lease: the sweep then takes it.
    anyBusy: async () => (await busyImports(deps.db)).length > 0,
    sweepSeconds: Math.min(SWEEP_SECONDS, deps.config.IMPORT_LEASE_SECONDS),
    work: options.work,
  });
}
