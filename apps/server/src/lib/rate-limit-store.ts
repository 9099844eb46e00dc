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

/** The global limit's count of one address: the hits in its window so far, and the milliseconds left of it. */
export interface GlobalCounter {
  hit(key: string, windowMs: number): { current: number; ttl: number };
}

/**
 * The counts of the rate limits (decision 0015):
 * - the global limit, which every request passes (cached public reads too), is counted in memory by a synchronous
 *   `GlobalCounter` (lib/global-rate-limit.ts), never waiting for anything. With `executeSql` (PostgreSQL) every
 *   server process shares it: each adds its counts to the UNLOGGED table rate_limit_counters every GLOBAL_FLUSH_MS
 *   and reads back the total (also for an address it saw in the last REFRESH_MS, so that it learns the others' hits
 *   after its own stop). A process may so miss up to about two flush intervals of the other processes' traffic of
 *   one address, and one more request after that address was quiet here for REFRESH_MS. Without (PGlite, one
 *   process's alone) the counts stay in memory.
 * - a route's own limit (sign-in, registration, payments, costly requests) is @fastify/rate-limit's: with
 *   `executeSql`, `Store` counts exactly in the same table, one statement per limited request, which are rare;
 *   without, the plugin's own memory store.
 */
export function rateLimitCounts(
  executeSql: ExecuteSql | null,
  onError: (error: unknown) => void,
): { global: GlobalCounter; Store: FastifyRateLimitStoreCtor | null; stop: () => Promise<void> } {
  const tallies = new Map<string, Tally>();
  let flushing: Promise<void> = Promise.resolve();

  const addHits = async (keys: string[], hits: number[], windows: number[]) =>
    (await executeSql!(ADD_HITS, [keys, hits, windows])).rows as CounterRow[];

  async function flushNow() {
    const now = Date.now();
    if (!executeSql) {
      // Alone: nothing to share, only the ended windows to forget.
      for (const [key, tally] of tallies) if (tally.endsAt <= now) tallies.delete(key);
      return;
    }
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

  const global: GlobalCounter = {
    hit(key, windowMs) {
      const now = Date.now();
      const name = `* ${key}`;
      let tally = tallies.get(name);
      if (!tally || tally.endsAt <= now) {
        tally = { shared: 0, pending: 0, windowMs, endsAt: now + windowMs, lastHitAt: now };
        tallies.set(name, tally);
      }
      tally.pending += 1;
      tally.lastHitAt = now;
      return { current: tally.shared + tally.pending, ttl: tally.endsAt - now };
    },
  };

  /** A route's own limit: every hit goes to the table and the answer is the total of all processes. */
  class RouteStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    /** @fastify/rate-limit passes the route's merged limit options, the route itself under `routeInfo`. */
    constructor(options: object) {
      const { method, url } = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      this.namespace = `${[method ?? ''].flat().join(',')} ${url ?? ''}`;
    }

    incr(key: string, counted: Counted, timeWindow: number) {
      addHits([`${this.namespace} ${key}`], [1], [timeWindow]).then(
        ([row]) => counted(null, { current: row!.hits, ttl: row!.ttl }),
        (error: Error) => counted(error),
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new RouteStore(options);
    }
  }

  return {
    global,
    Store: executeSql ? (RouteStore as unknown as FastifyRateLimitStoreCtor) : null,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
