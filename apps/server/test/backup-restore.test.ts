import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { knownMigrations } from '../src/db/migrations';
import { FILE_PREFIX, lines, MANIFEST_ENTRY, readArchive, readAll, TABLE_PREFIX } from '../src/ops/archive-format';
import { type BackupSummary, writeBackup } from '../src/ops/backup';
import { restoreBackup } from '../src/ops/restore';
import { publicTables, qualified, rowsOf, steadyOutput, tableLines } from '../src/ops/tables';
import type { Storage } from '../src/storage/driver';
import { createStorage, localStorage } from '../src/storage/storage';
import { loadConfig } from '../src/config';
import { buildTestApp, createActiveUser, type TestApp, TestClient } from './harness';
import { paperBody, PDF, specializationOf, upload } from './papers';
import { startS3 } from './s3';
import { adminQuery, templateSnapshot, testConfig } from './template';

/**
 * Backup and restore (issue 23 §1, decision 0056): an archive taken while submissions keep arriving holds whole
 * submissions only, restores into a fresh database and storage row for row and byte for byte, and the restored
 * platform serves and signs in. Runs on the database of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL), and
 * on PostgreSQL also restores an embedded database's backup into PostgreSQL.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
/** The files a new proposal needs before it can be submitted. */
const KINDS = ['proposalFile', 'signedInformedConsent', 'departmentApprovalDocuments', 'paymentReceipt'];
const work = mkdtempSync(path.join(tmpdir(), 'journals-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An empty PGlite database at this code's migrations: the run's template with every table emptied. Migrating a new
 * PGlite from nothing takes 4–9 s here, and each restore would pay it; the PostgreSQL pass restores into new
 * databases that the restore migrates itself.
 */
let emptyImage: Promise<Blob> | undefined;
function emptyPglite(): Promise<Blob> {
  emptyImage ??= (async () => {
    const database = await openDatabase({ snapshot: templateSnapshot(inject('demoTemplate')) });
    try {
      const tables = await publicTables(database.db);
      await database.db.execute(
        sql`truncate ${sql.join(
          tables.map((table) => qualified(table.name)),
          sql`, `,
        )}`,
      );
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  return emptyImage;
}

/** An empty platform to restore into: a new PGlite folder or PostgreSQL database, and an empty storage. */
async function freshTarget(kind: 'pglite' | 'postgres', storage?: Storage) {
  const dataDir = mkdtempSync(path.join(work, 'target-'));
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const name = `test_restore_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await adminQuery(serverUrl!, `CREATE DATABASE ${name}`);
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = () => adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const image = kind === 'pglite' ? await emptyPglite() : undefined;
  return {
    dataDir,
    storage: storage ?? localStorage(path.join(dataDir, 'files')),
    // The first opening of the PGlite folder lays the empty database in it; the next ones open what is there.
    open: (migrationsFolder: string) =>
      openDatabase({
        url,
        dataDir,
        migrationsFolder,
        snapshot: image && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')) ? image : undefined,
      }),
    async remove() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type Target = Awaited<ReturnType<typeof freshTarget>>;

/** Every entry of an archive: each table's lines and each file's bytes (the test's archives are small). */
async function archiveContents(file: string) {
  const tables = new Map<string, string[]>();
  const files = new Map<string, Buffer>();
  for await (const entry of readArchive(file)) {
    if (entry.name.startsWith(TABLE_PREFIX)) {
      const rows: string[] = [];
      for await (const line of lines(entry.content)) rows.push(line);
      tables.set(entry.name.slice(TABLE_PREFIX.length, -'.jsonl'.length), rows);
    } else if (entry.name.startsWith(FILE_PREFIX)) {
      files.set(entry.name.slice(FILE_PREFIX.length), await readAll(entry.content));
    } else expect(entry.name).toBe(MANIFEST_ENTRY);
  }
  return { tables, files };
}

/** Every table of a database as the backup reads it, one JSON line a row. */
async function tablesOf(database: DatabaseHandle) {
  return database.db.transaction(async (tx) => {
    await steadyOutput(tx);
    const tables = new Map<string, string[]>();
    for (const table of await publicTables(tx)) {
      const rows: string[] = [];
      for await (const line of tableLines(tx, table)) rows.push(line);
      tables.set(table.name, rows);
    }
    return tables;
  });
}

/** Every file of a storage, by key. */
async function filesOf(storage: Storage) {
  const files = new Map<string, Buffer>();
  for await (const key of storage.list()) files.set(key, await read((await storage.get(key))!.stream));
  return files;
}

/**
 * The restored platform serves: the app built on the restored database and storage signs in a demo account and the
 * author of a generated paper, shows that paper and gives its file back, and shows a published paper of the archive.
 */
async function expectServes(
  target: Target,
  database: DatabaseHandle,
  author: { email: string; password: string; paperId: number; title: string; fileContent?: Buffer },
) {
  const built = await buildApp(testConfig(target.dataDir, { SEED_DEMO: 'false' }), { database });
  try {
    await built.app.ready();
    const editor = new TestClient(built);
    await editor.login('editor@general.test', 'Demo-pass-1');
    expect((await editor.get('/api/journals/general/me')).body).toMatchObject({
      user: { email: 'editor@general.test' },
    });
    const client = new TestClient(built);
    await client.login(author.email, author.password);
    const page = await client.get(`/api/journals/general/papers/${author.paperId}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain(author.title);
    if (author.fileContent) {
      const [file] = await rowsOf<{ id: number }>(
        database.db,
        sql`select id from paper_files where paper_id = ${author.paperId} and kind = 'proposalFile'`,
      );
      const download = await client.get(`/api/journals/general/papers/${author.paperId}/files/${file!.id}`);
      expect(download.status).toBe(200);
      expect(download.raw.equals(author.fileContent)).toBe(true);
    }
    const [published] = await rowsOf<{ paperId: number }>(
      database.db,
      sql`select paper_id as "paperId" from archived_papers where published order by paper_id limit 1`,
    );
    const archived = await new TestClient(built).get(`/api/journals/general/archive/papers/${published!.paperId}`);
    expect(archived.status).toBe(200);
  } finally {
    await built.close();
  }
}

/** The restored tables are the archive's, row for row; the restored files its files, byte for byte. */
async function expectRestoredAsArchived(archive: string, database: DatabaseHandle, storage: Storage) {
  const { tables, files } = await archiveContents(archive);
  const restored = await tablesOf(database);
  expect([...restored.keys()]).toEqual([...tables.keys()]);
  for (const [name, rows] of tables) expect({ name, rows: restored.get(name) }).toEqual({ name, rows });
  const stored = await filesOf(storage);
  expect([...stored.keys()].sort()).toEqual([...files.keys()].sort());
  for (const [key, content] of files)
    expect({ key, sha256: sha256(stored.get(key)!) }).toEqual({ key, sha256: sha256(content) });
}

describe(`a backup of a busy platform (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let app: TestApp;
  let backup: BackupSummary;
  /** Every table's row count, read inside the backup's snapshot. */
  let countedInSnapshot: Record<string, number>;
  const archive = path.join(work, 'busy.tar.gz');
  const papers: {
    id: number;
    title: string;
    author: { email: string; password: string };
    contents: Buffer[];
    submittedBeforeBackup: boolean;
    createdAfterBackup: boolean;
  }[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const spec = await specializationOf(app.client(), 'general');
    const authors = await Promise.all(
      [1, 2, 3].map(async () => {
        const user = await createActiveUser(app, { specializations: [spec] });
        const client = app.client();
        await client.login(user.email, user.password);
        return { ...user, client };
      }),
    );
    let backupCalled = false;
    let backupDone = false;
    let submitted = 0;
    let startBackup!: () => void;
    const sixSubmitted = new Promise<void>((resolve) => (startBackup = resolve));
    /**
     * One author submits papers one after another — a draft, its four files (each different), the submission — six
     * at least, and two more begun after the backup is done.
     */
    const submitting = async (author: (typeof authors)[number], index: number) => {
      for (let round = 0, after = 0; round < 6 || after < 2; round += 1) {
        const title = `Backed up while busy ${index}.${round}`;
        const createdAfterBackup = backupDone;
        if (createdAfterBackup) after += 1;
        const created = await author.client.post(
          '/api/journals/general/papers',
          paperBody(spec, { title_of_the_work: title }),
        );
        expect(created.status).toBe(201);
        const id = created.body.id as number;
        const contents: Buffer[] = [];
        for (const kind of KINDS) {
          const content = Buffer.concat([PDF, Buffer.from(`% ${title} ${kind}\n`)]);
          contents.push(content);
          const answer = await upload(
            author.client,
            `/api/journals/general/papers/${id}/files/${kind}`,
            kind,
            `${kind}.pdf`,
            content,
          );
          expect(answer.status).toBe(201);
        }
        const answer = await author.client.post(`/api/journals/general/papers/${id}/submit`, { acceptTerms: true });
        expect(answer.status).toBe(200);
        papers.push({ id, title, author, contents, submittedBeforeBackup: !backupCalled, createdAfterBackup });
        submitted += 1;
        if (submitted === 6) startBackup();
      }
    };
    const loops = Promise.all(authors.map((author, index) => submitting(author, index)));
    await sixSubmitted;
    backupCalled = true;
    backup = await writeBackup(app.database, app.deps.storage, archive, {
      inSnapshot: async (query) => {
        countedInSnapshot = {};
        for (const { name } of await query<{ name: string }>(
          sql`select tablename as name from pg_tables where schemaname = 'public'`,
        )) {
          const [row] = await query<{ n: string }>(sql`select count(*)::text as n from ${sql.identifier(name)}`);
          countedInSnapshot[name] = Number(row!.n);
        }
      },
    });
    backupDone = true;
    await loops;
  });
  afterAll(() => app?.close());

  it('writes one archive whose manifest counts what the snapshot held, with every file checksummed', async () => {
    const { manifest } = backup;
    expect(manifest.source.kind).toBe(serverUrl ? 'postgres' : 'pglite');
    const known = knownMigrations();
    expect(manifest.migrations).toEqual({ count: known.length, lastTag: known.at(-1)!.tag });
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(countedInSnapshot);
    expect(manifest.totals.rows).toBe(Object.values(countedInSnapshot).reduce((a, b) => a + b, 0));
    const { tables, files } = await archiveContents(archive);
    for (const table of manifest.tables) expect(tables.get(table.name)?.length).toBe(table.rows);
    expect(manifest.files.map((file) => file.key).sort()).toEqual([...files.keys()].sort());
    for (const entry of manifest.files) expect(sha256(files.get(entry.key)!)).toBe(entry.sha256);
    // The demo's own files (logos, covers, slides, papers) are there with the generated ones.
    expect(manifest.totals.files).toBeGreaterThan(20);
    expect(manifest.totals.filesGone).toBe(0);
  });

  it('holds whole submissions only: the ones made before it, none begun after it, each with all its files', async () => {
    const { tables, files } = await archiveContents(archive);
    const archivedPapers = new Map(
      tables.get('papers')!.map((line) => {
        const row = JSON.parse(line) as { id: number; status: number };
        return [row.id, row];
      }),
    );
    const archivedFiles = tables
      .get('paper_files')!
      .map(
        (line) =>
          JSON.parse(line) as { paper_id: number; storage_key: string; kind: string; removed_at: string | null },
      );
    const ours = new Set(papers.map((paper) => paper.id));
    for (const paper of papers) {
      if (paper.submittedBeforeBackup) expect(archivedPapers.get(paper.id)?.status, paper.title).not.toBe(0);
      if (paper.createdAfterBackup) expect(archivedPapers.has(paper.id), paper.title).toBe(false);
    }
    expect(papers.filter((paper) => paper.submittedBeforeBackup).length).toBeGreaterThanOrEqual(6);
    expect(papers.filter((paper) => paper.createdAfterBackup).length).toBeGreaterThan(0);
    // Every submitted paper of the snapshot has its four files, and every file a row names is in the archive with
    // the bytes the author sent (a draft caught mid-upload has the files it had then, all of them whole).
    for (const [id, row] of archivedPapers) {
      const own = archivedFiles.filter((file) => file.paper_id === id && file.removed_at === null);
      if (ours.has(id) && row.status !== 0) expect(own.map((file) => file.kind).sort()).toEqual(KINDS.toSorted());
      const paper = papers.find((candidate) => candidate.id === id);
      for (const file of own) {
        expect(files.has(file.storage_key), file.storage_key).toBe(true);
        if (paper) expect(paper.contents.some((content) => content.equals(files.get(file.storage_key)!))).toBe(true);
      }
    }
  });

  describe('restored into a fresh database and storage', () => {
    let target: Target;
    let restored: DatabaseHandle;
    beforeAll(async () => {
      target = await freshTarget(serverUrl ? 'postgres' : 'pglite');
      const result = await restoreBackup(archive, target);
      restored = result.database;
      expect(result.replaced).toBeNull();
    });
    afterAll(async () => {
      await restored?.close();
      await target?.remove();
    });

    it('has every table row for row and every file byte for byte', async () => {
      await expectRestoredAsArchived(archive, restored, target.storage);
      // The files the restored rows name are the source's own, still there as they were stored.
      const keys = await rowsOf<{ key: string }>(restored.db, sql`select storage_key as key from paper_files`);
      expect(keys.length).toBeGreaterThan(24);
      for (const { key } of keys) {
        const [here, there] = await Promise.all([target.storage.get(key), app.deps.storage.get(key)]);
        expect(sha256(await read(here!.stream))).toBe(sha256(await read(there!.stream)));
      }
    });

    it('hands out new ids after the ones the backup had used', async () => {
      const [row] = await rowsOf<{ next: string; max: string }>(
        restored.db,
        sql`select nextval(pg_get_serial_sequence('public.papers', 'id'))::text as next, (select max(id) from papers)::text as max`,
      );
      expect(Number(row!.next)).toBeGreaterThan(Number(row!.max));
    });

    it('serves a paper page and signs in', async () => {
      const paper = papers.find((candidate) => candidate.submittedBeforeBackup)!;
      await expectServes(target, restored, {
        ...paper.author,
        paperId: paper.id,
        title: paper.title,
        fileContent: paper.contents[0],
      });
    });

    it('refuses to restore over it again, says why, and leaves it as it was', async () => {
      const before = await tablesOf(restored);
      const filesBefore = [...(await filesOf(target.storage)).keys()].sort();
      await restored.close();
      try {
        await expect(restoreBackup(archive, target)).rejects.toThrow(
          /the target is not empty: it holds rows in \d+ tables \(.+\) and stored files\. .*--force replaces/,
        );
      } finally {
        restored = await target.open(path.join(import.meta.dirname, '../drizzle'));
      }
      expect(await tablesOf(restored)).toEqual(before);
      expect([...(await filesOf(target.storage)).keys()].sort()).toEqual(filesBefore);
    });

    it('replaces it with --force: its rows and files become the backup’s', async () => {
      // Something of its own since the restore: a file and a row, both gone after a forced restore.
      await target.storage.put('stray/file.txt', Buffer.from('not in the backup'));
      await restored.db.execute(sql`delete from paper_logs where id = (select max(id) from paper_logs)`);
      await restored.close();
      const said: string[] = [];
      try {
        const result = await restoreBackup(archive, target, { force: true, say: (line) => said.push(line) });
        restored = result.database;
        expect(result.replaced?.files).toBeGreaterThan(0);
      } catch (error) {
        restored = await target.open(path.join(import.meta.dirname, '../drizzle'));
        throw error;
      }
      expect(said.join('\n')).toMatch(/Replacing what the target holds: rows in \d+ tables .* and \d+ stored files\./);
      await expectRestoredAsArchived(archive, restored, target.storage);
    });
  });

  it('refuses a damaged archive before touching the target', async () => {
    const damaged = path.join(work, 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const target = await freshTarget(serverUrl ? 'postgres' : 'pglite');
    try {
      await expect(restoreBackup(damaged, target)).rejects.toThrow(/cannot be read|no manifest/);
      expect(await filesOf(target.storage)).toEqual(new Map());
    } finally {
      await target.remove();
    }
  });

  it('restores into an S3 bucket, and a backup of the platform it serves holds the same rows and files', async () => {
    const s3 = await startS3();
    const bucket = await createStorage(loadConfig({ ...s3.env, S3_PREFIX: 'restored' }));
    const target = await freshTarget(serverUrl ? 'postgres' : 'pglite', bucket);
    try {
      const { database } = await restoreBackup(archive, target);
      try {
        await expectRestoredAsArchived(archive, database, bucket);
        // Backed up again, now from the bucket: the same files with the same checksums, the same rows.
        const { manifest } = await writeBackup(database, bucket, path.join(work, 'from-s3.tar.gz'));
        const checksums = (files: { key: string; sha256: string }[]) =>
          files.map((file) => `${file.key} ${file.sha256}`).sort();
        expect(checksums(manifest.files)).toEqual(checksums(backup.manifest.files));
        expect(manifest.tables).toEqual(backup.manifest.tables);
      } finally {
        await database.close();
      }
    } finally {
      await target.remove();
      await s3.close();
    }
  });
});

describe.runIf(serverUrl)('a backup of the embedded database, restored into PostgreSQL', () => {
  it('moves the whole platform, and the restored one serves', async () => {
    const sourceDir = mkdtempSync(path.join(work, 'embedded-'));
    const source = await openDatabase({});
    const built = await buildApp(testConfig(sourceDir), { database: source });
    const archive = path.join(work, 'embedded.tar.gz');
    try {
      await built.app.ready();
      const author = { email: 'researcher@general.test', password: 'Demo-pass-1' };
      const [paper] = await rowsOf<{ id: number; title: string }>(
        source.db,
        sql`select p.id, p.title from papers p join users u on u.id = p.creator_id join journals j on j.id = p.journal_id
            where u.email = ${author.email} and j.slug = 'general' and p.status <> 0 and p.title <> '' order by p.id limit 1`,
      );
      const { manifest } = await writeBackup(source, built.deps.storage, archive);
      expect(manifest.source.kind).toBe('pglite');
      const target = await freshTarget('postgres');
      try {
        const { database } = await restoreBackup(archive, target);
        try {
          expect(database.kind).toBe('postgres');
          await expectRestoredAsArchived(archive, database, target.storage);
          await expectServes(target, database, { ...author, paperId: paper!.id, title: paper!.title });
        } finally {
          await database.close();
        }
      } finally {
        await target.remove();
      }
    } finally {
      await built.close();
      await source.close();
      rmSync(sourceDir, { recursive: true, force: true });
    }
  });
});

describe('listing a storage', () => {
  it.each([
    ['local', async () => ({ storage: localStorage(mkdtempSync(path.join(work, 'list-'))), close: async () => {} })],
    [
      's3 with a prefix',
      async () => {
        const s3 = await startS3();
        // A key of another deployment in the same bucket is not this storage's.
        await (await createStorage(loadConfig(s3.env))).put('elsewhere/other.pdf', Buffer.from('other'));
        return { storage: await createStorage(loadConfig({ ...s3.env, S3_PREFIX: 'mine' })), close: s3.close };
      },
    ],
  ] as [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][])(
    'the %s driver lists every key it stores, and none after it is removed',
    async (_name, open) => {
      const { storage, close } = await open();
      try {
        expect(await collect(storage.list())).toEqual([]);
        const keys = ['a.txt', 'papers/1/2/x.pdf', 'papers/1/3/y.pdf', 'slides/z.svg'];
        for (const key of keys) await storage.put(key, Buffer.from(key));
        expect((await collect(storage.list())).sort()).toEqual(keys);
        await storage.remove('papers/1/2/x.pdf');
        expect((await collect(storage.list())).sort()).toEqual(keys.filter((key) => key !== 'papers/1/2/x.pdf'));
      } finally {
        await close();
      }
    },
  );
});

async function collect(keys: AsyncIterable<string>) {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all;
}
