import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The two baselines, in a process of their own: `GET /bare` answers `{ ok: true }`; `GET /pk` reads one paper by
 * primary key (the bench's database: through a pg Pool of the server's size on PostgreSQL, through PGlite on a copy
 * of the server's data dir otherwise, PGlite's data dir being one process's alone).
 * Settings: BASELINE_PORT, DATABASE_URL or PGLITE_DIR, PAPER_ID.
 */
const paperId = Number(process.env.PAPER_ID ?? 1);
const sql = 'SELECT id, title FROM papers WHERE id = $1';

async function openLookup(): Promise<{ lookup: () => Promise<unknown>; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { lookup: async () => (await pool.query(sql, [paperId])).rows[0], close: () => pool.end() };
  }
  const client = new PGlite(process.env.PGLITE_DIR, { extensions: { pg_trgm } });
  return { lookup: async () => (await client.query(sql, [paperId])).rows[0], close: () => client.close() };
}

const database = await openLookup();
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
app.get('/pk', async (_request, reply) => {
  const paper = await database.lookup();
  return paper ? { ok: true, paper } : reply.code(404).send({ ok: false });
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.BASELINE_PORT) });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
