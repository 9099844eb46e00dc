import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { knownMigrations, migrationsFolderUpTo } from '../src/db/migrations';
import { serverRoot } from '../src/paths';
import {
  fillEveryTable,
  lostData,
  type Move,
  migrationsFolderWith,
  type Override,
  readTables,
  readThroughTheCode,
  type Snapshot,
  snapshot,
} from './migration-data';
import { adminQuery, testConfig } from './template';

/**
 * Upgrades keep the data (issue 23 §2, decision 0057): a database left by every earlier release — the schema at each
 * migration of the repository, every table of it holding rows, every column a value — is migrated to the newest,
 * and every value is still there, reads the same in SQL and reads right through the code's schema. A migration that
 * drops or empties a column holding data fails here, unless the data were moved first and the move is listed below.
 */

/**
 * Data that a migration moved or discarded on purpose, with the migration that did it. A migration that renames a
 * column or moves its values to another table lists the move here (`to`: where the values are now, found by the
 * same primary key); one that discards values says why that was right. Nothing else leaves a column.
 */
const MOVES: Move[] = [
  {
    from: 'users.orcid',
    by: '0003_security',
    to: null,
    why: 'a typed ORCID iD proved nothing and was trusted for sign-in: every one was cleared, its holder connects ORCID again (decision 0012)',
  },
];

/** The tables whose generated rows have to be otherwise (migration-data.ts `Override`). */
const OVERRIDES: Record<string, Override> = {
  // CHECK (id = 1): the platform's landing page is one row.
  landing_content: { rows: 1 },
  // papers.review_open_deadline is the earliest deadline of the paper's open invitations (a trigger, migration
  // 0012): the first invitation is open (status 1 and not removed), so that paper's column holds a value.
  review_invitations: { values: { removed_at: (row) => (row === 1 ? null : '2025-03-13T03:13:23Z') } },
};

const known = knownMigrations();
const serverUrl = process.env.TEST_DATABASE_URL;

/** Where one database lives between its openings: a data dir of its own on disk, or a database on the PostgreSQL server. */
interface Place {
  open: (migrationsFolder?: string) => Promise<DatabaseHandle>;
  remove: () => Promise<void>;
  /** What a process of the platform is given to open it (`npm run migrate`, a server): DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
}

/** PGlite: a data dir of its own, a copy of `from` (the data dir of a closed database) or empty. */
function pglitePlace(from?: string): Place {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-forward-'));
  if (from) cpSync(from, dataDir, { recursive: true });
  return {
    env: { DATA_DIR: dataDir },
    open: (migrationsFolder) => openDatabase({ dataDir, migrationsFolder }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

let databases = 0;
async function postgresPlace(): Promise<Place> {
  databases += 1;
  const name = `test_forward_${process.pid}_${Date.now()}_${databases}`;
  await adminQuery(serverUrl!, `CREATE DATABASE ${name}`);
  const target = new URL(serverUrl!);
  target.pathname = `/${name}`;
  const url = target.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-forward-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: (migrationsFolder) => openDatabase({ url, migrationsFolder }),
    async remove() {
      await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The migrations folder of each level (its first `level` migrations), made once, removed after the file's tests. */
const folders = new Map<number, string>();
function folderUpTo(level: number) {
  let made = folders.get(level);
  if (!made) folders.set(level, (made = migrationsFolderUpTo(level)));
  return made;
}
const otherFolders: string[] = [];
/** A migrations folder of a release after this one, removed after the file's tests. */
function folder(made: string) {
  otherFolders.push(made);
  return made;
}

/** Opens the database at `place` with `migrationsFolder` (migrating it to that folder's last migration) and closes it. */
async function migrated(place: Place, migrationsFolder?: string) {
  await (await place.open(migrationsFolder)).close();
}

/**
 * PGlite: the data dir of a database made (initdb) and closed with no migration applied, once: each level's database
 * starts as a copy of it, and the opening that fills it applies the level's migrations (initdb costs 2.5–5 s). A chain
 * of databases one level apart, each made from the one before, cost the same in all (the file alone: 157 s with the
 * chain, 152 s without) for more code.
 */
let pristine: Place | undefined;
async function newPlace(): Promise<Place> {
  if (serverUrl) return postgresPlace();
  if (!pristine) {
    pristine = pglitePlace();
    await migrated(pristine, folderUpTo(0));
  }
  return pglitePlace(pristine.env.DATA_DIR);
}

/** A new database at `level` (its first `level` migrations applied), closed, without rows. */
async function emptyAt(level: number): Promise<Place> {
  const place = await newPlace();
  await migrated(place, folderUpTo(level));
  return place;
}

/** A database at `level` with rows in every table, closed: where it is, and what it held. */
async function filledAt(level: number): Promise<{ place: Place; before: Snapshot }> {
  const place = await newPlace();
  // Migrated to the level by the opening that fills it, as a database of that release was.
  const handle = await place.open(folderUpTo(level));
  try {
    const tables = await readTables(handle.executeSql);
    await fillEveryTable(handle.executeSql, tables, OVERRIDES);
    return { place, before: await snapshot(handle.executeSql, tables) };
  } finally {
    await handle.close();
  }
}

afterAll(async () => {
  for (const made of [...folders.values(), ...otherFolders]) rmSync(made, { recursive: true, force: true });
  await pristine?.remove();
});

/** Level n: the database after the first n migrations; 0 is empty, the last is this release's own. */
const everyLevel = known.slice(0, -1).map((migration, index) => ({ level: index + 1, tag: migration.tag }));
/**
 * On PostgreSQL every level, side by side. On the embedded database (PostgreSQL itself, compiled to WebAssembly: the
 * same SQL, the same data types, one thread) the first level — filled, then taken through every later migration, so
 * each migration's SQL runs on PGlite over rows — and the three newest, the ones not yet run by a release: every
 * level there took 160 s of one test worker, a third of the embedded pass, to check again what the PostgreSQL pass
 * checks of the same SQL.
 */
const EMBEDDED_NEWEST = 3;
const levels = serverUrl
  ? everyLevel
  : everyLevel.filter(({ level }) => level === 1 || level > everyLevel.length - EMBEDDED_NEWEST);

// PostgreSQL runs its levels side by side (each is its own database); PGlite runs on this one thread anyway.
describe('a database left by an earlier release', { concurrent: Boolean(serverUrl) }, () => {
  it.for(levels)('keeps its data when migrated from $tag', { timeout: 60_000 }, async ({ level }, { expect }) => {
    const { place, before } = await filledAt(level);
    try {
      const empty = [...before.tables].filter(([, table]) => !table.rows.length).map(([name]) => name);
      expect(empty, 'every table of the level holds rows').toEqual([]);
      const unheld = [...before.tables].flatMap(([name, table]) =>
        table.columns.filter((column) => table.rows.every((row) => row[column] === null)).map((c) => `${name}.${c}`),
      );
      expect(unheld, 'every column of the level holds a value').toEqual([]);
      // Opened as this release opens it: migrated forward by openDatabase, with the repository's migrations.
      const handle = await place.open();
      try {
        const after = await snapshot(handle.executeSql);
        expect(lostData(before, after, { level, moves: MOVES })).toEqual([]);
        const read = await readThroughTheCode(handle.db, after);
        expect(read.wrong).toEqual([]);
        expect(read.rows).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    } finally {
      await place.remove();
    }
  });
});

describe('the forward-migration check', () => {
  it('lists only moves made by migrations of the repository', () => {
    expect(MOVES.filter((move) => !known.some((migration) => migration.tag === move.by))).toEqual([]);
  });

  const newest = known.length;
  /** This release's database, filled, then migrated with one migration of a release after it. */
  async function migratedWith(sql: string) {
    const { place, before } = await filledAt(newest);
    const next = folder(migrationsFolderWith(newest, [{ tag: `${newest}_next_release`, sql }]));
    const handle = await place.open(next);
    try {
      return { before, after: await snapshot(handle.executeSql), known: knownMigrations(next), place };
    } finally {
      await handle.close();
    }
  }

  it('names the column and the table that a migration drops with their data', async () => {
    const {
      before,
      after,
      known: next,
      place,
    } = await migratedWith('ALTER TABLE "users" DROP COLUMN "phone";--> statement-breakpoint\nDROP TABLE "slides";');
    await place.remove();
    const losses = lostData(before, after, { level: newest, moves: MOVES, known: next });
    expect(losses).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^users\.phone: users\.phone is gone with the values of 2 rows/),
        expect.stringMatching(/^slides\.\w+: table slides is gone/),
      ]),
    );
    expect(losses.filter((loss) => !/^(users\.phone|slides\.)/.test(loss))).toEqual([]);
  });

  it('accepts a column whose values a migration moved, once the move is listed', async () => {
    const {
      before,
      after,
      known: next,
      place,
    } = await migratedWith('ALTER TABLE "users" RENAME COLUMN "job_title" TO "position";');
    await place.remove();
    expect(lostData(before, after, { level: newest, moves: MOVES, known: next })).toEqual([
      expect.stringMatching(/^users\.job_title: users\.job_title is gone with the values of 2 rows/),
    ]);
    const move: Move = { from: 'users.job_title', by: `${newest}_next_release`, to: 'users.position', why: 'renamed' };
    expect(lostData(before, after, { level: newest, moves: [...MOVES, move], known: next })).toEqual([]);
  });
});

describe('`npm run migrate`', () => {
  it(
    "brings an older release's database to the newest migration on its own, and says so",
    { timeout: 60_000 },
    async () => {
      const older = folderUpTo(known.length - 1);
      const place = await emptyAt(known.length - 1);
      try {
        const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/migrate.ts')], {
          env: { ...process.env, ...place.env, LOG_LEVEL: 'info' },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain(`the database is at migration ${known.at(-1)!.tag} (${known.length} migrations)`);
        // Migrated: the older release now refuses it.
        await expect(place.open(older)).rejects.toThrow(/The database was migrated by a newer release of the platform/);
      } finally {
        await place.remove();
      }
    },
  );
});

describe('a database migrated by a newer release', () => {
  const refusal = new RegExp(
    `^The database was migrated by a newer release of the platform \\(its last migration is of ` +
      `${new Date(known.at(-1)!.when).toISOString().replace(/[.]/g, '\\.')}, this release knows migrations up to ` +
      `${known.at(-2)!.tag}\\): start the newer release, or restore a backup made by this one\\.$`,
  );

  it('is refused by a release that knows fewer migrations, and the newer one still opens it', async () => {
    const place = await emptyAt(known.length - 1);
    try {
      await migrated(place);
      const older = folderUpTo(known.length - 1);
      await expect(place.open(older)).rejects.toThrow(refusal);
      await migrated(place);
    } finally {
      await place.remove();
    }
  });

  it('stops a server from starting on it, and `npm run migrate` from migrating it', { timeout: 60_000 }, async () => {
    const place = await emptyAt(known.length - 1);
    try {
      // The release after this one migrates the database (on disk for PGlite: the server opens its DATA_DIR).
      await migrated(place, folder(migrationsFolderWith(known.length, [{ tag: 'next_release', sql: 'SELECT 1;' }])));
      const refused =
        /The database was migrated by a newer release of the platform .* this release knows migrations up to /;
      await expect(buildApp(testConfig(place.env.DATA_DIR, place.env))).rejects.toThrow(refused);
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/migrate.ts')], {
        env: { ...process.env, ...place.env, LOG_LEVEL: 'info' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stdout).toMatch(refused);
    } finally {
      await place.remove();
    }
  });
});
