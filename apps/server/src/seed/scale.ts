import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { type Database, openDatabase, type Tx } from '../db/client';
import { journals } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { insertJournal } from './scale-journal';
import { DEFAULT_SCALE, DESK_SLUG, SCALE_PASSWORD, type ScaleOptions } from './scale-options';
import { type Random, random } from './scale-plan';

export interface ScaleResult {
  journalIds: number[];
  papersPerJournal: number[];
  heavyAuthor: { email: string; papers: number };
  password: string;
  rows: Record<
    'users' | 'issues' | 'papers' | 'archived' | 'authors' | 'files' | 'logs' | 'decisions' | 'invitations' | 'mails',
    number
  >;
}

/** How many papers each journal gets: a few large journals and a long tail, as on a real platform. */
export function papersPerJournal(options: Pick<ScaleOptions, 'journals' | 'papers'>): number[] {
  const weights = Array.from({ length: options.journals }, (_, index) => 1 / (index + 1) ** 0.7);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((options.papers * weight) / total));
  counts[0]! += options.papers - counts.reduce((sum, n) => sum + n, 0);
  return counts;
}

/** Loads the journals, accounts, issues and papers; one transaction per journal. */
export async function seedScale(
  db: Database,
  options: ScaleOptions,
  log: (line: string) => void = () => {},
): Promise<ScaleResult> {
  const slugs = Array.from({ length: options.journals }, (_, index) => `scale-${index + 1}`);
  const taken = await db
    .select({ slug: journals.slug })
    .from(journals)
    .where(inArray(journals.slug, [...slugs, DESK_SLUG]));
  if (taken.length > 0) throw new Error(`scale journals are already loaded (${taken[0]!.slug}); use a fresh database`);

  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const rng: Random = random(options.seed);
  const counts = papersPerJournal(options);
  const heavy = Math.min(options.heavy, Math.floor(counts[0]! / 2));
  const end = new Date();
  end.setUTCHours(0, 0, 0, 0);
  const result: ScaleResult = {
    journalIds: [],
    papersPerJournal: counts,
    heavyAuthor: { email: `r1@${slugs[0]}.test`, papers: heavy },
    password: SCALE_PASSWORD,
    rows: {
      users: 0,
      issues: 0,
      papers: 0,
      archived: 0,
      authors: 0,
      files: 0,
      logs: 0,
      decisions: 0,
      invitations: 0,
      mails: 0,
    },
  };
  const archived = papersPerJournal({ journals: options.journals, papers: options.archive });
  const journalsToLoad = slugs.map((slug, index) => ({
    slug,
    papers: counts[index]!,
    archive: archived[index]!,
    heavy: index === 0 ? heavy : 0,
  }));
  if (options.desk > 0) journalsToLoad.push({ slug: DESK_SLUG, papers: options.desk, archive: 0, heavy: 0 });
  for (const [index, journal] of journalsToLoad.entries()) {
    const started = Date.now();
    const inserted = await db.transaction((tx: Tx) =>
      insertJournal(tx, { index, ...journal, options, passwordHash, rng, end }),
    );
    result.journalIds.push(inserted.journalId);
    for (const key of Object.keys(result.rows) as (keyof ScaleResult['rows'])[]) result.rows[key] += inserted.rows[key];
    log(`${journal.slug}: ${journal.papers} papers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return result;
}

const HELP = `npm run seed:scale -- [options]

Loads journals of real size into the configured database: DATABASE_URL (PostgreSQL), else PGlite under
DATA_DIR (default ./data), migrating first as the server does. Every option can also be set in the
environment as SCALE_<NAME> (SCALE_PAPERS=20000).

  --journals <n>     journals (default ${DEFAULT_SCALE.journals})
  --researchers <n>  researchers per journal (default ${DEFAULT_SCALE.researchers})
  --reviewers <n>    reviewers per journal (default ${DEFAULT_SCALE.reviewers})
  --specialists <n>  more reviewers, all of the first journal's first specialization (default
                     ${DEFAULT_SCALE.specialists}): the size of its candidate list
  --members <n>      more researchers of the first journal, accounts without papers (default
                     ${DEFAULT_SCALE.members}): the size of its user list
  --papers <n>       papers in total, every version a row (default ${DEFAULT_SCALE.papers}); large journals first
  --archive <n>      published papers of the archives in total, on top of --papers (default
                     ${DEFAULT_SCALE.archive}): bilingual 150–250-word abstracts, keywords, authors, pages, DOIs, in
                     monthly issues before the others; 1000000 over 50 journals is the bench's archive
  --issues <n>       published issues per journal (default ${DEFAULT_SCALE.issues})
  --heavy <n>        papers of one heavy author in the first journal (default ${DEFAULT_SCALE.heavy},
                     at most half that journal's papers)
  --desk <n>         papers of one more journal, scale-desk, on top of --papers (default ${DEFAULT_SCALE.desk};
                     0 for none): the editorial desk measured by the bench
  --seed <n>         random seed: the same seed on the same day loads the same data (default ${DEFAULT_SCALE.seed})
  --help             this text

Every account's password is ${SCALE_PASSWORD}. Files are metadata only (paper_files rows): no bytes are stored.`;

export function parseScaleOptions(argv: string[], env: NodeJS.ProcessEnv): ScaleOptions | 'help' {
  const names = Object.keys(DEFAULT_SCALE) as (keyof ScaleOptions)[];
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: 'boolean' },
      ...Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    },
  });
  if (values.help) return 'help';
  const options = { ...DEFAULT_SCALE };
  for (const name of names) {
    const raw = (values as Record<string, string | undefined>)[name] ?? env[`SCALE_${name.toUpperCase()}`];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < (['heavy', 'desk', 'archive', 'members'].includes(name) ? 0 : 1))
      throw new Error(`--${name}: not a count`);
    options[name] = value;
  }
  return options;
}

async function main() {
  const options = parseScaleOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(HELP);
    return;
  }
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' });
  try {
    const started = Date.now();
    console.log(`Loading ${options.papers} papers into ${options.journals} journals (${database.kind})…`);
    const result = await seedScale(database.db, options, (line) => console.log(line));
    // The desk's kept counts folded as the housekeeping would within minutes (a row per batch and class before).
    await database.executeSql('SELECT compact_desk_paper_counts()');
    // Fresh statistics, as autovacuum would gather soon after: the planner then sees the skew (a heavy author).
    await database.executeSql('VACUUM ANALYZE');
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Rows: ${JSON.stringify(result.rows)}`);
    console.log(`Heavy author: ${result.heavyAuthor.email} (${result.heavyAuthor.papers} papers in scale-1)`);
    console.log(`Password of every generated account: ${result.password}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
