import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs each query on this thread, and the end of one query starts the next queued one in the same microtask
 * chain, so under load the event loop would not turn until the queue ran dry. libuv accepts one new connection per
 * turn of the loop (libuv/libuv#3696), so a burst of new connections was let in one per queue drain: behind 50
 * busy connections, a new one waited seconds before its request was even read. Here the queries, the batches
 * (`exec`) and the transactions take turns in one first-come queue of our own, and each lets the event loop take
 * a turn (I/O: accepting, reading, writing; timers) just before it runs: one turn of the loop per statement or
 * transaction, so a new connection waits for about one query, and a request for the queries before it.
 * Installed once the client is ready: its start runs queries of its own through `query`, behind the first one sent.
 */
export function takeTurnsWithIo(client: PGlite): { readonly queued: number } {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let last: Promise<unknown> = Promise.resolve();
  const turns = { queued: 0 };
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    turns.queued += 1;
    const mine = last.then(turn).then(work);
    last = mine.catch(() => {});
    void last.then(() => (turns.queued -= 1));
    return mine;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args))) as PGlite['exec'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    inTurn(() => transaction(...args))) as PGlite['transaction'];
  return turns;
}
