import { type ReminderDeps, sendReminders } from '../features/reviewing/reminders.service';
import type { ScheduledJob } from './schedule';

/**
 * The scheduled reminders (issue 10 §2, decision 0023), once per period across processes (jobs/schedule.ts).
 * Each reminder is sent once whatever the runs, workers or retries: see `sendReminders` (features/reviewing).
 */
export function reminders(deps: ReminderDeps, periodMs: number): ScheduledJob {
  return { name: 'reminders', periodMs, run: () => sendReminders(deps) };
}
