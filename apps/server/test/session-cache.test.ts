import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeardCache } from '../src/lib/heard-cache';
import { buildTestApp, countStatements, createActiveUser, type TestApp, type TestClient } from './harness';

/**
 * The process remembers session reads (decision 0019) and must never answer from one after a change to what it
 * read: a sign-out, a password change, a ban, a role given or taken, a changed profile. Each case is checked on the
 * very next request. (Two processes: scale-out.test.ts.)
 */

let app: TestApp;
const ME = '/api/journals/general/me';

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
});
afterAll(() => app.close());

async function signedIn(): Promise<{ client: TestClient; userId: number; email: string; password: string }> {
  const user = await createActiveUser(app);
  const client = app.client();
  await client.login(user.email, user.password);
  // Read twice: the second answer comes from what the process remembers.
  await client.get(ME);
  expect(await countStatements(app, () => client.get(ME))).toBe(0);
  return { client, ...user };
}

/** A browser that kept the session cookie of `client` as it is now. */
function keptCopy(client: TestClient) {
  const copy = app.client();
  for (const cookie of client.cookies()) copy.setCookie(cookie.name, cookie.value, cookie.path);
  return copy;
}

const run = (query: ReturnType<typeof sql>) => app.deps.db.execute(query);

describe('a remembered session read', () => {
  it('ends with a sign-out: the kept cookie is refused on the next request', async () => {
    const { client } = await signedIn();
    const kept = keptCopy(client);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await kept.get(ME)).body.user).toBeNull();
    expect((await client.get(ME)).body.user).toBeNull();
  });

  it('ends with a password change from a reset, which ends every session of the user', async () => {
    const { client, userId } = await signedIn();
    await run(sql`delete from sessions where user_id = ${userId}`);
    expect((await client.get(ME)).body.user).toBeNull();
  });

  it('ends with a ban, and with an expiry set in the database', async () => {
    const banned = await signedIn();
    await run(sql`update users set banned = true where id = ${banned.userId}`);
    expect((await banned.client.get(ME)).body.user).toBeNull();

    // A journal's ban (decision 0040) signs the user out of that journal only, and lifting it signs them back in.
    const bannedHere = await signedIn();
    const general = sql`(select id from journals where slug = 'general')`;
    await run(sql`insert into journal_bans (journal_id, user_id) values (${general}, ${bannedHere.userId})`);
    expect((await bannedHere.client.get(ME)).body.user).toBeNull();
    expect((await bannedHere.client.get('/api/journals/ethics/me')).body.user.email).toBe(bannedHere.email);
    await run(sql`delete from journal_bans where user_id = ${bannedHere.userId}`);
    expect((await bannedHere.client.get(ME)).body.user.email).toBe(bannedHere.email);

    const expired = await signedIn();
    await run(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${expired.userId}`);
    expect((await expired.client.get(ME)).body.user).toBeNull();
  });

  it('follows a role given and taken, and a changed profile, on the next request', async () => {
    const { client, userId } = await signedIn();
    const roles = async () => (await client.get(ME)).body.user.roles as string[];
    expect(await roles()).not.toContain('reviewer');
    const general = sql`(select id from journals where slug = 'general')`;
    await run(sql`insert into journal_roles (user_id, journal_id, role) values (${userId}, ${general}, 'reviewer')`);
    expect(await roles()).toContain('reviewer');
    await run(sql`delete from journal_roles where user_id = ${userId} and role = 'reviewer'`);
    expect(await roles()).not.toContain('reviewer');

    await run(sql`update users set job_title = 'Lecturer in epidemiology' where id = ${userId}`);
    expect((await client.get(ME)).body.user.jobTitle).toBe('Lecturer in epidemiology');
  });

  it('is read again after a change to any table it comes from, and not after other writes', async () => {
    const { client, userId } = await signedIn();
    const changes = [
      sql`update sessions set expires_at = expires_at where user_id = ${userId}`,
      sql`update users set full_name = full_name where id = ${userId}`,
      sql`update journal_roles set editor_type = editor_type where user_id = ${userId}`,
      sql`delete from role_specializations where user_id = ${userId}`,
      sql`update journals set slug = slug where slug = 'general'`,
    ];
    for (const change of changes) {
      await run(change);
      expect(await countStatements(app, () => client.get(ME)), String(change.queryChunks[0])).toBe(1);
      expect(await countStatements(app, () => client.get(ME))).toBe(0);
    }
    // A journal's view count and a paper are not part of any session.
    await run(sql`update journals set views = views + 1 where slug = 'general'`);
    expect(await countStatements(app, () => client.get(ME))).toBe(0);
  });
});

describe('HeardCache', () => {
  it('keeps nothing while it is not hearing changes, and forgets everything when it stops', async () => {
    const cache = new HeardCache<{ n: number }>();
    let loads = 0;
    const load = async () => ({ n: (loads += 1) });
    await cache.read('a', load);
    await cache.read('a', load);
    expect(loads).toBe(2);
    cache.listening(true);
    await cache.read('a', load);
    expect(await cache.read('a', load)).toEqual({ n: 3 });
    cache.listening(false);
    expect(await cache.read('a', load)).toEqual({ n: 4 });
  });

  it('does not keep a read that a change overtook, nor a read that found nothing', async () => {
    const cache = new HeardCache<{ n: number }>();
    cache.listening(true);
    let release!: () => void;
    const slow = cache.read('a', () => new Promise((resolve) => (release = () => resolve({ n: 1 }))));
    cache.forget();
    release();
    expect(await slow).toEqual({ n: 1 });
    expect(await cache.read('a', async () => ({ n: 2 }))).toEqual({ n: 2 });
    expect(await cache.read('a', async () => ({ n: 3 }))).toEqual({ n: 2 });
    expect(await cache.read('none', async () => undefined)).toBeUndefined();
    expect(await cache.read('none', async () => ({ n: 5 }))).toEqual({ n: 5 });
  });

  it('hands out answers no request can change', async () => {
    const cache = new HeardCache<{ user: { name: string } }>();
    cache.listening(true);
    await cache.read('a', async () => ({ user: { name: 'Salma' } }));
    const kept = (await cache.read('a', async () => ({ user: { name: 'other' } })))!;
    expect(() => {
      kept.user.name = 'changed';
    }).toThrow(TypeError);
  });

  it('keeps weighed answers within their bound, the oldest going first, and one too heavy not at all', async () => {
    const cache = new HeardCache<{ text: string }>({ weightOf: (value) => value.text.length, maxWeight: 10 });
    cache.listening(true);
    let loads = 0;
    const read = (key: string, text: string) => cache.read(key, async () => ((loads += 1), { text }));
    const loadsOf = async (key: string, text: string) => {
      const before = loads;
      await read(key, text);
      return loads - before;
    };
    await read('a', '1234');
    await read('b', '1234');
    await read('c', '');
    expect([await loadsOf('a', '1234'), await loadsOf('b', '1234'), await loadsOf('c', '')]).toEqual([0, 0, 0]);
    // Past the bound: the oldest weighed answer goes, the weightless one stays.
    await read('d', '1234');
    expect([await loadsOf('b', '1234'), await loadsOf('c', ''), await loadsOf('d', '1234')]).toEqual([0, 0, 0]);
    // Read again, it is kept and the next oldest weighed answer goes.
    expect(await loadsOf('a', '1234')).toBe(1);
    expect([await loadsOf('d', '1234'), await loadsOf('a', '1234')]).toEqual([0, 0]);
    // Heavier than the bound alone: answered, not kept, and nothing else forgotten for it.
    expect(await read('e', '12345678901')).toEqual({ text: '12345678901' });
    expect(await loadsOf('e', '12345678901')).toBe(1);
    // What was forgotten frees its weight.
    cache.forgetSome(['a', 'd']);
    await read('f', '123456');
    await read('g', '1234');
    expect([await loadsOf('f', '123456'), await loadsOf('g', '1234'), await loadsOf('c', '')]).toEqual([0, 0, 0]);
  });
});
