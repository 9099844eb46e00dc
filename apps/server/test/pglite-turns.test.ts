import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurnsWithIo } from '../src/db/client';

/**
 * The embedded database runs its queries on the server's own thread. Queued queries must leave the event loop a
 * turn between them, or a burst of new connections waits for the whole queue once per connection (libuv accepts
 * one connection per turn): under 50 busy connections a new visitor waited seconds before being read.
 */

let client: PGlite;
// A query that keeps the thread busy for a few milliseconds, as a dashboard search does.
const BUSY = 'select count(*)::int as n from generate_series(1, 100000) as g(i) where i % 7 = $1';

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  takeTurnsWithIo(client);
});
afterAll(() => client.close());

describe('PGlite queries taking turns with I/O', () => {
  it('lets a new connection in after about one query, not after the whole queue', async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    let finished = 0;
    let finishedWhenAccepted = -1;
    server.on('connection', () => (finishedWhenAccepted = finished));

    const queries = Array.from({ length: 20 }, (_, i) =>
      client.query<{ n: number }>(BUSY, [i % 7]).then((result) => {
        finished++;
        return result.rows[0]!.n;
      }),
    );
    const visitor = net.connect(port, '127.0.0.1');
    visitor.on('error', () => {});
    const answers = await Promise.all(queries);
    server.close();
    visitor.destroy();

    expect(answers).toHaveLength(20);
    expect(finishedWhenAccepted).toBeGreaterThanOrEqual(0);
    expect(finishedWhenAccepted).toBeLessThanOrEqual(2);
  });

  it('answers in the order asked, with a turn of the event loop between two answers', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: Array<{ asked: number; turn: number }> = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, asked) =>
        client
          .query<{ n: number }>('select $1::int as n', [asked])
          .then((result) => seen.push({ asked: result.rows[0]!.n, turn: turns })),
      ),
    );
    ticking = false;
    expect(seen.map((entry) => entry.asked)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.turn).toBeGreaterThan(seen[i - 1]!.turn);
  });

  it('keeps a transaction whole: what is asked meanwhile waits for its end and sees its outcome', async () => {
    await client.exec('create table if not exists turns_t (n int)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into turns_t values (1)');
      await held;
      await tx.query('insert into turns_t values (2)');
    });
    // Asked while the transaction is open: answered after its commit, with both rows.
    const meanwhile = client.query<{ n: number }>('select count(*)::int as n from turns_t');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await meanwhile).rows[0]!.n).toBe(2);

    // A failed transaction leaves nothing behind, and the queue goes on.
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into turns_t values (3)');
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect((await client.query<{ n: number }>('select count(*)::int as n from turns_t')).rows[0]!.n).toBe(2);
  });
});
