import { inArray } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Metrics } from '../lib/metrics';
import { mailOutbox } from '../db/schema';
import {
  createTransport,
  deliverMail,
  MAX_MAIL_ATTEMPTS,
  pendingMailIds,
  recoverInterruptedMail,
} from '../mail/delivery';
import { housekeeping } from './housekeeping';
import type { Jobs } from './jobs-interface';
import { reminders } from './reminders';
import { scheduledJobPeriods } from './scheduled-jobs';
import { startSchedule } from './schedule';

const MAIL_QUEUE = 'mail-deliver';

/**
 * Starts the job consumers: mail delivery, and the scheduled housekeeping and reminders where this process works
 * jobs (every such process takes part; each period's run happens in one of them, decisions 0015 and 0023).
 */
export async function startJobs(
  handle: DatabaseHandle,
  config: Config,
  log: Logger,
  options: { work: boolean; metrics: Metrics },
): Promise<Jobs> {
  const { metrics } = options;
  const mail = await startMailJobs(handle, config, log, options);
  const periods = scheduledJobPeriods(config);
  const schedule = options.work
    ? startSchedule(
        handle.executeSql,
        log,
        [
          housekeeping(handle.executeSql, periods.housekeeping * 1000),
          reminders({ db: handle.db, config, dispatchMail: mail.dispatchMail }, periods.reminders * 1000, (count) =>
            metrics.reminders.inc(count),
          ),
        ],
        metrics,
      )
    : null;
  return {
    dispatchMail: mail.dispatchMail,
    async stop(deadline) {
      // A scheduled run in progress finishes (each reminder is recorded with its mail in one transaction, so a run
      // cut short by the stop's bound loses nothing: the next slot's run finds what is left).
      await schedule?.stop();
      await mail.stop(deadline);
    },
  };
}

/**
 * Starts pg-boss in the same database (DESIGN §1) when mail can be delivered. With no SMTP_URL the mail stays
 * in the outbox and its text — with the activation or reset link — goes to the log, so a newcomer can follow it.
 */
async function startMailJobs(
  handle: DatabaseHandle,
  config: Config,
  log: Logger,
  options: { work: boolean; metrics: Metrics },
): Promise<Jobs> {
  const transport = createTransport(config);
  if (!transport) {
    return {
      async dispatchMail(ids) {
        if (ids.length === 0) return;
        const rows = await handle.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
        for (const mail of rows) {
          // The quick start follows its links from the log; no log line names the recipient, and a live site
          // never writes a link there (decision 0014).
          const links = config.NODE_ENV === 'production' ? undefined : (mail.text.match(/https?:\/\/\S+/g) ?? []);
          log.info({ mailId: mail.id, kind: mail.kind, subject: mail.subject, links }, 'mail kept in the outbox');
        }
      },
      async stop() {},
    };
  }

  const boss = new PgBoss({ db: { executeSql: handle.executeSql as never }, supervise: true, schedule: false });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(MAIL_QUEUE);
  const send = (id: number) =>
    boss.send(
      MAIL_QUEUE,
      { id },
      {
        retryLimit: MAX_MAIL_ATTEMPTS - 1,
        retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
        // pg-boss waits at least a second between attempts with backoff on: a delay of 0 retries at once without it.
        retryBackoff: config.MAIL_RETRY_DELAY_SECONDS > 0,
      },
    );

  let stopping = false;
  let recovery: NodeJS.Timeout | undefined;
  if (options.work) {
    await boss.work<{ id: number }>(MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) {
        // Stopping: the mails not begun go back to the queue with the batch (a job whose mail went finds its row
        // sent and does nothing when it runs again).
        if (stopping) throw new Error('stopping: the remaining mails go back to the queue');
        // The job's lines carry its id, and the mail's: one failure is followed through the queue and the outbox.
        const jobLog = log.child({ jobId: job.id, mailId: job.data.id });
        try {
          const outcome = await deliverMail(handle.db, config, transport, job.data.id, jobLog);
          if (outcome === 'sent' || outcome === 'unconfirmed') options.metrics.mails.inc({ outcome: 'sent' });
        } catch (error) {
          options.metrics.mails.inc({ outcome: 'failed' });
          throw error;
        }
      }
    });
    // Rows a stopped process left in the middle of a send (decision 0058), and rows whose job was never sent (a
    // crash between commit and send), are picked up at start; a holder on another host is looked for every minute.
    await recoverInterruptedMail(handle.db, log);
    for (const id of await pendingMailIds(handle.db)) await send(id);
    recovery = setInterval(() => {
      recoverInterruptedMail(handle.db, log)
        .then((ids) => Promise.all(ids.map(send)))
        .catch((error) => log.error({ err: error }, 'mail recovery failed'));
    }, 60_000);
    recovery.unref();
  }

  return {
    async dispatchMail(ids) {
      for (const id of ids) await send(id);
    },
    async stop(deadline = Date.now() + config.SHUTDOWN_TIMEOUT_SECONDS * 1000) {
      stopping = true;
      clearInterval(recovery);
      // Waits for the mails being sent, until a little before the deadline; pg-boss then fails the jobs still in
      // hand, which hands them back for a retry (at least a second: pg-boss's own minimum).
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(deadline - Date.now() - 500, 1_000) });
      transport.close();
    },
  };
}
