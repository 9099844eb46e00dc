import type { DatabaseHandle } from '../../db/client';
import { type LeasedQueue, leasedQueue } from '../../jobs/leased-queue';
import type { Deps } from '../../lib/deps';
import { exportsToResume, makeExport } from './export-pass';

/**
 * The exports' background work (decision 0082): one job per export on the leased queue `journal-export`
 * (jobs/leased-queue.ts), as the imports'. An export whose holder is gone is queued again by the sweep and made
 * again from the start. Its lease is the imports' (IMPORT_LEASE_SECONDS); a shorter one sweeps as often.
 */
const SWEEP_SECONDS = 30;

export type ExportJobs = LeasedQueue;

export function exportJobs(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  options: { work: boolean },
): ExportJobs {
  return leasedQueue(handle, deps, {
    name: 'journal-export',
    what: 'export',
    run: (id, holder, signal) => makeExport(deps, id, holder, signal),
    toResume: () => exportsToResume(deps.db),
    anyBusy: async () => (await exportsToResume(deps.db)).length > 0,
    sweepSeconds: Math.min(SWEEP_SECONDS, deps.config.IMPORT_LEASE_SECONDS),
    work: options.work,
  });
}
