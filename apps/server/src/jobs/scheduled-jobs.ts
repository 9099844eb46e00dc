import type { Config } from '../config';

/**
 * The scheduled jobs and their periods, named once: the schedule runs them (jobs.ts), and the operations readings
 * (/readyz, /metrics, the platform's health screen) tell when one has not succeeded for two periods.
 */
export function scheduledJobPeriods(config: Pick<Config, 'HOUSEKEEPING_PERIOD_SECONDS' | 'REMINDERS_PERIOD_SECONDS'>) {
  return {
    housekeeping: config.HOUSEKEEPING_PERIOD_SECONDS,
    reminders: config.REMINDERS_PERIOD_SECONDS,
  } as const;
}

export type ScheduledJobName = keyof ReturnType<typeof scheduledJobPeriods>;
