import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * How a process hears the changes other processes announce (the caches of pages and dashboards, decisions 0062–0064):
 * the channels, who hears each, and a listening connection of its own on PostgreSQL. Opened by db/client.ts.
 */

/** The channels the database announces changes on (their triggers are in the migrations). */
export const CHANNELS = {
  sessionCache: 'session_cache',
  paperPages: 'paper_pages',
  authorDashboards: 'author_dashboards',
  reviewerDashboards: 'reviewer_dashboards',
  editorialDesks: 'editorial_desks',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/**
 * Who hears each channel in this process. A change is announced with its transaction's id, and a process hears it
 * on each of its listening connections, at different moments: only the first is passed on, or a late echo would
 * undo what was done since.
 */
export function audience() {
  const heard = new Map<string, Set<(payload: string) => void>>();
  const told = new Set<string>();
  return {
    tell(channel: string, payload?: string) {
      const key = `${channel} ${payload ?? ''}`;
      if (payload) {
        if (told.has(key)) return;
        told.add(key);
        if (told.size > 1_000) told.delete(told.values().next().value!);
      }
      heard.get(channel)?.forEach((hear) => hear(payload ?? ''));
    },
    add(channel: string, hear: (payload: string) => void) {
      if (!heard.has(channel)) heard.set(channel, new Set());
      heard.get(channel)!.add(hear);
      return () => void heard.get(channel)!.delete(hear);
    },
  };
}

/**
 * A connection outside the pool that only listens, so other processes' changes are heard while this one's pool is
 * idle (its connections close after 10 s idle). It says it hears only once a notification of its own came back
 * (a pooler in transaction mode accepts LISTEN and then delivers nothing). Lost, it says so and comes back after a
 * second.
 */
export function listenOnOwnConnection(
  url: string,
  channel: Channel,
  stopHearing: () => void,
  tell: (channel: string, payload?: string) => void,
  listening: (ready: boolean) => void,
) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    const own = (client = new pg.Client({ connectionString: url }));
    const probe = `probe ${randomUUID()}`;
    let lost = false;
    let probeHeard = () => {};
    const heard = new Promise<void>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error('no notification came back')), 5_000).unref();
      probeHeard = () => {
        clearTimeout(late);
        resolve();
      };
    });
    // Awaited only once the connection listens: a connection lost or stopped before must not leave its wait for the
    // probe rejected with no one to hear it (an unhandled rejection ends a process under test).
    heard.catch(() => {});
    const onLost = () => {
      if (lost) return;
      lost = true;
      listening(false);
      own.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, 1_000);
    };
    own.on('notification', (message) => {
      if (message.channel !== channel) return;
      if (message.payload === probe) probeHeard();
      else tell(channel, message.payload);
    });
    own.on('error', onLost);
    own.on('end', onLost);
    own
      .connect()
      .then(() => own.query(`LISTEN ${channel}`))
      .then(() => own.query('SELECT pg_notify($1, $2)', [channel, probe]))
      .then(() => heard)
      .then(() => {
        if (!lost && !stopped) listening(true);
      })
      .catch(onLost);
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    stopHearing();
    listening(false);
    await client?.end().catch(() => {});
  };
}
