import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ExecuteSql } from '../db/client';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often a process adds its local counts of the global limit to the shared table. */
export const GLOBAL_FLUSH_MS = 1_000;
/** How long after an address's last hit here its total is still read back at each flush. */
const REFRESH_MS = 4 * GLOBAL_FLUSH_MS;

/**
 * Adds hits to counters and answers each counter's total and the milliseconds left in its window. A window starts
 * with its first hit (as @fastify/rate-limit's own memory store does) and is timed by the database's clock, so
 * every process agrees on it. Sorted keys lock rows in one order, so two processes' batches cannot deadlock.
 */
const ADD_HITS = `
INSERT INTO rate_limit_counters AS c (key, hits, expires_at)
SELECT key, hits, now() + window_ms * interval '1 millisecond'
FROM unnest($1::text[], $2::int[], $3::int[]) AS t(key, hits, window_ms)
ORDER BY key
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.expires_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END,
  expires_at = CASE WHEN c.expires_at <= now() THEN excluded.expires_at ELSE c.expires_at END
RETURNING key, hits, greatest(0, ceil(extract(epoch FROM c.expires_at - now()) * 1000))::int AS ttl`;

interface CounterRow {
  key: string;
  hits: number;
  ttl: number;
}

/** The local view of one global counter: the shared total at the last flush plus this process's hits since. */
interface Tally {
  shared: number;
  pending: number;
  windowMs: number;
  endsAt: number;
  lastHitAt: number;
}

/**
 * A @fastify/rate-limit store whose counts every server process on one PostgreSQL shares (decision 0015), in the
 * UNLOGGED table rate_limit_counters:
 * - a route's own limit (sign-in, registration, payments, costly requests) counts exactly: one statement per
 *   limited request, which are rare;
 * - the global limit, which every request passes (cached public reads too), never waits for the database: each
 *   process counts in memory and adds its counts to the table every GLOBAL_FLUSH_MS, reading back the total
 *   (also for an address it saw in the last REFRESH_MS, so that it learns the others' hits after its own stop).
 *   A process may so miss up to about two flush intervals of the other processes' traffic of one address, and
 *   one more request after that address was quiet here for REFRESH_MS.
 */
export function sharedRateLimitStore(
  executeSql: ExecuteSql,
  onError: (error: unknown) => void,
): { Store: FastifyRateLimitStoreCtor; stop: () => Promise<void> } {
  const tallies = new Map<string, Tally>();
  let flushing: Promise<void> = Promise.resolve();

  const addHits = async (keys: string[], hits: number[], windows: number[]) =>
    (await executeSql(ADD_HITS, [keys, hits, windows])).rows as CounterRow[];

  async function flushNow() {
    const now = Date.now();
    for (const [key, tally] of tallies) if (tally.pending === 0 && tally.endsAt <= now) tallies.delete(key);
    const batch = [...tallies].filter(([, tally]) => tally.pending > 0 || now - tally.lastHitAt < REFRESH_MS);
    if (batch.length === 0) return;
    const sent = batch.map(([, tally]) => tally.pending);
    for (const [, tally] of batch) tally.pending = 0;
    try {
      const rows = await addHits(
        batch.map(([key]) => key),
        sent,
        batch.map(([, tally]) => tally.windowMs),
      );
      const answered = Date.now();
      for (const row of rows) {
        const tally = tallies.get(row.key);
        if (!tally) continue;
        tally.shared = row.hits;
        tally.endsAt = answered + row.ttl;
      }
    } catch (error) {
      // Counted again at the next flush; meanwhile this process's own counts still hold.
      batch.forEach(([, tally], index) => (tally.pending += sent[index]!));
      onError(error);
    }
  }
  const flush = () => (flushing = flushing.then(flushNow));
  const timer = setInterval(() => void flush(), GLOBAL_FLUSH_MS);
  timer.unref();

  /** A route's own limit: every hit goes to the table and the answer is the total of all processes. */
  class RouteStore implements FastifyRateLimitStore {
    constructor(private readonly namespace: string) {}

    incr(key: string, counted: Counted, timeWindow: number) {
      addHits([`${this.namespace} ${key}`], [1], [timeWindow]).then(
        ([row]) => counted(null, { current: row!.hits, ttl: row!.ttl }),
        (error: Error) => counted(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  /** The global limit, counted in memory between flushes. */
  class GlobalStore implements FastifyRateLimitStore {
    incr(key: string, counted: Counted, timeWindow: number) {
      const now = Date.now();
      const name = `* ${key}`;
      let tally = tallies.get(name);
      if (!tally || tally.endsAt <= now) {
        tally = { shared: 0, pending: 0, windowMs: timeWindow, endsAt: now + timeWindow, lastHitAt: now };
        tallies.set(name, tally);
      }
      tally.pending += 1;
      tally.lastHitAt = now;
      counted(null, { current: tally.shared + tally.pending, ttl: tally.endsAt - now });
    }

    /** @fastify/rate-limit passes the route's merged limit options, the route itself under `routeInfo`. */
    child(options: object): FastifyRateLimitStore {
      const { method, url } = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new RouteStore(`${[method ?? ''].flat().join(',')} ${url ?? ''}`);
    }
  }

  return {
    Store: GlobalStore as unknown as FastifyRateLimitStoreCtor,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
