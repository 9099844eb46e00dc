import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/** Where one database lives between its openings: a PGlite dump in memory, or a database on the PostgreSQL server. */
interface Place {
  open: (migrationsFolder?: string) => Promise<DatabaseHandle>;
  /** Closes a handle opened here, keeping what it wrote. */
  close: (handle: DatabaseHandle) => Promise<void>;
  remove: () => Promise<void>;
  /** PostgreSQL only: the database's URL (a server's DATABASE_URL). */
  url?: string;
}

function pglitePlace(dump: Blob | undefined): Place {
  let kept = dump;
  return {
    open: (migrationsFolder) => openDatabase({ snapshot: kept, migrationsFolder }),
    async close(handle) {
      kept = await handle.dump!();
      await handle.close();
    },
    remove: async () => void (kept = undefined),
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
  return {
    url,
    open: (migrationsFolder) => openDatabase({ url, migrationsFolder }),
    close: (handle) => handle.close(),
    remove: () => adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const folders: string[] = [];
/** A migrations folder, removed after the file's tests. */
function folder(made: string) {
  folders.push(made);
  return made;
}

/**
 * PGlite only: the database at each level before a row is written, made from the level before it by its own
 * migration when this run made that one (the levels run in order), from nothing otherwise. Starting PGlite costs
 * more than migrating, so a level's database is opened twice in all (to fill it, then to migrate it forward) rather
 * than migrated from nothing. Only the last two levels are kept (a dump is tens of megabytes).
 */
const unfilled = new Map<number, Promise<Blob | undefined>>([[0, Promise.resolve(undefined)]]);

/** A new database at `level` (its first `level` migrations applied), open. */
async function openAt(level: number): Promise<{ place: Place; handle: DatabaseHandle }> {
  const migrationsFolder = folder(migrationsFolderUpTo(level));
  if (serverUrl) {
    const place = await postgresPlace();
    return { place, handle: await place.open(migrationsFolder) };
  }
  const ready = unfilled.get(level);
  const place = pglitePlace(await (ready ?? unfilled.get(level - 1)));
  const handle = await place.open(migrationsFolder);
  if (!ready) {
    const dump = handle.dump!();
    unfilled.set(level, dump);
    await dump;
    for (const kept of unfilled.keys()) if (kept > 0 && kept < level - 1) unfilled.delete(kept);
  }
  return { place, handle };
}

/** A database at `level` with rows in every table, closed: where it is, and what it held. */
async function filledAt(level: number): Promise<{ place: Place; before: Snapshot }> {
  const { place, handle } = await openAt(level);
  try {
    const tables = await readTables(handle.executeSql);
    await fillEveryTable(handle.executeSql, tables, OVERRIDES);
    return { place, before: await snapshot(handle.executeSql, tables) };
  } finally {
    await place.close(handle);
  }
}

afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** Level n: the database after the first n migrations; 0 is empty, the last is this release's own. */
const levels = known.slice(0, -1).map((migration, index) => ({ level: index + 1, tag: migration.tag }));

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
      await place.close(handle);
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
      const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-older-'));
      const place = serverUrl ? await postgresPlace() : undefined;
      try {
        const older = folder(migrationsFolderUpTo(known.length - 1));
        const database = await openDatabase({ url: place?.url, dataDir, migrationsFolder: older });
        await database.close();
        const migrate = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/migrate.ts')], {
          env: { ...process.env, DATA_DIR: dataDir, ...(place ? { DATABASE_URL: place.url } : {}), LOG_LEVEL: 'info' },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(migrate.status, migrate.stderr).toBe(0);
        expect(migrate.stdout).toContain(
          `the database is at migration ${known.at(-1)!.tag} (${known.length} migrations)`,
        );
        // Migrated: the older release now refuses it.
        await expect(openDatabase({ url: place?.url, dataDir, migrationsFolder: older })).rejects.toThrow(
          /The database was migrated by a newer release of the platform/,
        );
      } finally {
        await place?.remove();
        rmSync(dataDir, { recursive: true, force: true });
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
    const { place, handle } = await openAt(known.length - 1);
    try {
      await place.close(handle);
      await place.close(await place.open());
      const older = folder(migrationsFolderUpTo(known.length - 1));
      await expect(place.open(older)).rejects.toThrow(refusal);
      await place.close(await place.open());
    } finally {
      await place.remove();
    }
  });

  it('stops a server from starting on it, and `npm run migrate` from migrating it', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'journals-newer-'));
    const place = serverUrl ? await postgresPlace() : undefined;
    try {
      // The release after this one migrates the database (on disk for PGlite: the server opens its DATA_DIR).
      const next = folder(migrationsFolderWith(known.length, [{ tag: 'next_release', sql: 'SELECT 1;' }]));
      const database = await openDatabase({ url: place?.url, dataDir, migrationsFolder: next });
      await database.close();
      const config = testConfig(dataDir, place?.url ? { DATABASE_URL: place.url } : {});
      const refused =
        /The database was migrated by a newer release of the platform .* this release knows migrations up to /;
      await expect(buildApp(config)).rejects.toThrow(refused);
      const migrate = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/migrate.ts')], {
        env: { ...process.env, DATA_DIR: dataDir, ...(place ? { DATABASE_URL: place.url } : {}), LOG_LEVEL: 'info' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(migrate.status, migrate.stderr).toBe(1);
      expect(migrate.stdout).toMatch(refused);
    } finally {
      await place?.remove();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
