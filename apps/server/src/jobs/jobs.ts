import { inArray } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { bossDatabase, createQueueRetrying } from './boss-database';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Metrics } from '../lib/metrics';
import { mailOutbox } from '../db/schema';
import { createTransport, deliverMail, MailOutage } from '../mail/delivery';
import { overdueMailIds, pendingMail, postponeMail, recoverInterruptedMail } from '../mail/outbox-recovery';
import { doiJobs } from '../features/harvesting/doi-jobs';
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
  options: { work: boolean; metrics: Metrics; consumeAtOnce?: boolean },
): Promise<Jobs> {
  const { metrics } = options;
  const mail = await startMailJobs(handle, config, log, options);
  // DOI deposits (issue 46 §1): a worker process consumes at once; a web process that works jobs starts its consumer
  // when deposits wait at start, or with the first it queues.
  const deposits = doiJobs(handle, { db: handle.db, config, log }, { work: options.work });
  if (options.work) await (options.consumeAtOnce ? deposits.start() : deposits.resumeWaiting());
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
    async dispatchDeposits(paperIds) {
      for (const id of paperIds) await deposits.queue(id);
    },
    async stop(deadline) {
      // A scheduled run in progress finishes (each reminder is recorded with its mail in one transaction, so a run
      // cut short by the stop's bound loses nothing: the next slot's run finds what is left).
      await schedule?.stop();
      await deposits.stop(deadline);
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
): Promise<Omit<Jobs, 'dispatchDeposits'>> {
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

  const boss = new PgBoss({ db: bossDatabase(handle) as never, supervise: true, schedule: false });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await createQueueRetrying(boss, MAIL_QUEUE);
  // A job only rings the bell: the outbox row holds the attempts, the error and when it is due, and the job of its
  // next attempt is queued by its delivery (decision 0069). pg-boss's own retries are off: a job that failed for a
  // reason of its own (the process died) is found again by the sweep below.
  const send = (id: number, startAfter = 0) =>
    boss.send(MAIL_QUEUE, { id }, { retryLimit: 0, ...(startAfter > 0 ? { startAfter } : {}) });
  const outage = new MailOutage(config);

  /** One job's mail, whatever happens to the others of its batch: a failure is recorded on its row, never thrown. */
  async function deliverOne(job: { id: string; data: { id: number } }) {
    const mailId = job.data.id;
    // The job's lines carry its id, and the mail's: one failure is followed through the queue and the outbox.
    const jobLog = log.child({ jobId: job.id, mailId });
    try {
      const wait = outage.waitSeconds();
      if (wait > 0) {
        // The mail server is known to be down: no attempt, the mail waits for the outage's next try.
        await postponeMail(handle.db, mailId, wait);
        await send(mailId, wait);
        return;
      }
      const result = await deliverMail(handle.db, config, transport!, mailId, jobLog, undefined, outage);
      if (result.outcome === 'sent' || result.outcome === 'unconfirmed') options.metrics.mails.inc({ outcome: 'sent' });
      if (result.outcome === 'retry' || result.outcome === 'failed') options.metrics.mails.inc({ outcome: 'failed' });
      if (result.outcome === 'retry' || result.outcome === 'unreachable') await send(mailId, result.retryAfterSeconds);
    } catch (error) {
      // The database failed us mid-way: the row stays as it was (pending, or sending and found by the recovery)
      // and the sweep queues it again.
      jobLog.error({ err: error }, 'mail job failed; the outbox sweep will queue the mail again');
    }
  }

  let stopping = false;
  let recovery: NodeJS.Timeout | undefined;
  if (options.work) {
    await boss.work<{ id: number }>(MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) {
        // Stopping: the mails not begun are queued again at once, for another worker or the next start.
        if (stopping) await send(job.data.id).catch(() => undefined);
        else await deliverOne(job);
      }
    });
    // Rows a stopped process left in the middle of a send (decision 0058), and every pending row (its job may have
    // died with a process), are queued at start; every MAIL_RECOVERY_SECONDS the sweep looks again for held rows
    // whose holder is gone and pending rows that are overdue (their job was lost).
    await recoverInterruptedMail(handle.db, log);
    for (const mail of await pendingMail(handle.db)) await send(mail.id, mail.dueInSeconds);
    const sweep = async () => {
      const again = await recoverInterruptedMail(handle.db, log);
      const overdue = await overdueMailIds(handle.db, config.MAIL_RECOVERY_SECONDS);
      if (overdue.length > 0) log.warn({ count: overdue.length }, 'overdue mails queued again');
      for (const id of new Set([...again, ...overdue])) await send(id);
    };
    recovery = setInterval(() => {
      sweep().catch((error) => log.error({ err: error }, 'mail recovery failed'));
    }, config.MAIL_RECOVERY_SECONDS * 1000);
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
