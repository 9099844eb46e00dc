import { type ReminderDeps, sendReminders } from '../features/reviewing/reminders.service';
import type { ScheduledJob } from './schedule';

/**
 * The scheduled reminders (issue 10 §2, decision 0023), once per period across processes (jobs/schedule.ts).
 * Each reminder is sent once whatever the runs, workers or retries: see `sendReminders` (features/reviewing).
 * `sent` is told how many went in each run (the metrics count them).
 */
export function reminders(
  deps: ReminderDeps,
  periodMs: number,
  sent: (count: number) => void = () => {},
): ScheduledJob {
  return {
    name: 'reminders',
    periodMs,
    run: async () => {
      const byKind = await sendReminders(deps);
      sent(Object.values(byKind).reduce((sum, count) => sum + count, 0));
      return byKind;
    },
  };
}
