import type { Channel, DatabaseHandle } from '../db/client';

/** A cached answer is read again after this long even if no change was heard: a bound, not the mechanism. */
const TTL_MS = 60_000;
/** The most answers kept; the oldest go first. */
const MAX_ENTRIES = 20_000;

/**
 * What a process remembers of reads until the database announces a change to what they read (decision 0019):
 * - session reads: the session, its user and the user's roles in a journal, keyed by the token's hash and the
 *   journal's slug, so a signed-in request needs no statement to know who is asking; any change to sessions, users,
 *   journal roles, role specializations or a journal's slug is announced on `session_cache` (migration 0007), and
 *   `forget` drops everything;
 * - paper pages (decision 0062): keyed by the paper's id; a change to a paper, its files, people or decision is
 *   announced on `paper_pages` with the papers' ids (`forgetSome`), one to an issue or a journal's payment settings
 *   without (migration 0029);
 * - authors' dashboards (decision 0063): keyed by the author, the journal and the card; a change to papers is
 *   announced on `author_dashboards` with the changed papers' authors and journals (migration 0030); reviewers'
 *   alike on `reviewer_dashboards` (migration 0031);
 * - the editorial desk (decision 0064) and its paper reports (decision 0068): keyed beginning with the journal; a
 *   change to papers is heard on `author_dashboards`, one to co-authors, specializations' names, e-mails, reviewers'
 *   invitations and names or final decisions on `editorial_desks` (migrations 0032, 0033).
 *
 * It is correct only while the process hears every change. The connection that made a change hears it before its
 * statement resolves, so this process never serves an answer older than its own writes; another process hears it
 * within the notification's delivery. While the listening connection is lost (`listening(false)`) nothing is cached
 * or served.
 *
 * A read that began before a change and ends after it is not kept: `generation` counts the changes heard.
 */
export class HeardCache<T extends object> {
  private readonly entries = new Map<string, { value: T; until: number; weight: number }>();
  private generation = 0;
  private ready = false;
  /** The summed weight of the entries kept (see `limit`). */
  private weight = 0;

  /**
   * `limit` bounds what large answers may hold (a paper report is up to megabytes): the entries' summed `weightOf`
   * stays within `maxWeight`, the oldest weighed entries going first; an answer heavier than that alone is not kept.
   */
  constructor(private readonly limit?: { weightOf: (value: T) => number; maxWeight: number }) {}

  async read(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const entry = this.ready ? this.entries.get(key) : undefined;
    if (entry && entry.until > Date.now()) return entry.value;
    const generation = this.generation;
    const value = await load();
    // Only answers that found something are kept: made-up tokens or ids would otherwise fill the cache.
    if (value !== undefined && this.ready && generation === this.generation) this.keep(key, value);
    return value;
  }

  private keep(key: string, value: T) {
    this.drop(key);
    const weight = this.limit?.weightOf(value) ?? 0;
    if (this.limit && weight > this.limit.maxWeight) return;
    this.entries.set(key, { value: deepFreeze(value), until: Date.now() + TTL_MS, weight });
    this.weight += weight;
    if (this.entries.size > MAX_ENTRIES) this.drop(this.entries.keys().next().value!);
    if (!this.limit || this.weight <= this.limit.maxWeight) return;
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.limit.maxWeight) break;
      if (entry.weight > 0) this.drop(oldest);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }

  /** A change was announced: nothing cached may be served again. */
  forget() {
    this.generation += 1;
    this.entries.clear();
    this.weight = 0;
  }

  /** A change to these keys' reads was announced: they are read again (so is any read under way). */
  forgetSome(keys: readonly string[]) {
    this.generation += 1;
    for (const key of keys) this.drop(key);
  }

  /** A change to the reads whose keys begin with one of these was announced: they are read again. */
  forgetPrefixed(prefixes: readonly string[]) {
    this.generation += 1;
    for (const key of this.entries.keys()) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.drop(key);
    }
  }

  /** Whether the process is hearing the announcements (it starts deaf). */
  listening(ready: boolean) {
    this.ready = ready;
    this.forget();
  }
}

/**
 * One channel a cache hears (migrations 0029–0033): its payload is a transaction's id, a space, and what changed
 * joined by commas, or `*` for everything. `keysOf` turns what changed into the keys to forget (by default what
 * changed is the keys); `prefixesOf` instead into the beginnings of the keys to forget (a journal's, say).
 */
export interface HeardChannel {
  channel: Channel;
  keysOf?: (changed: string[]) => string[];
  prefixesOf?: (changed: string[]) => string[];
}

/** A cache hearing its channels: the way to stop, and when it first heard them all (it serves from then on). */
export interface Hearing {
  stop: () => Promise<void>;
  heard: Promise<void>;
}

/**
 * Makes `cache` hear its channels; it serves only while it hears all of them.
 */
export function hearChanges<T extends object>(
  database: Pick<DatabaseHandle, 'listen'>,
  cache: HeardCache<T>,
  ...channels: HeardChannel[]
): Hearing {
  const hearing = channels.map(() => false);
  let heardAll = () => {};
  const heard = new Promise<void>((resolve) => (heardAll = resolve));
  const stops = channels.map(({ channel, keysOf, prefixesOf }, index) =>
    database.listen(
      channel,
      (payload) => {
        const changed = payload.split(' ')[1];
        if (!changed || changed === '*') cache.forget();
        else if (prefixesOf) cache.forgetPrefixed(prefixesOf(changed.split(',')));
        else cache.forgetSome(keysOf ? keysOf(changed.split(',')) : changed.split(','));
      },
      (ready) => {
        hearing[index] = ready;
        const all = hearing.every(Boolean);
        cache.listening(all);
        if (all) heardAll();
      },
    ),
  );
  return {
    stop: async () => {
      await Promise.all(stops.map((stop) => stop()));
    },
    heard,
  };
}

/**
 * Shared between requests, so no request may change it (a write would throw). Bytes (a Buffer) cannot be frozen:
 * they are only ever sent.
 */
function deepFreeze<T>(value: T): T {
  if (
    value &&
    typeof value === 'object' &&
    !Object.isFrozen(value) &&
    !(value instanceof Date) &&
    !ArrayBuffer.isView(value)
  ) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
