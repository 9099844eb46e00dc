import { eq, sql } from 'drizzle-orm';
import { archivedPapers, issues, journals, papers, specializations } from '../src/db/schema';
import type { TestApp } from './harness';

/**
 * Published and in-press papers of the `general` journal for the search tests, written straight into the archive
 * (the issues screens are another feature's). Every paper holds the made-up word "zorbic" (or its Arabic
 * "زوربية"), so the tests' answers are theirs whatever else the demo archive holds.
 */
export interface SearchFixture {
  journalId: number;
  /** Two specializations of the journal: A and B. */
  specA: number;
  specB: number;
  ids: Record<string, number>;
}

type Paper = Partial<typeof archivedPapers.$inferInsert> & { key: string; published: boolean };

const LONG_ENGLISH =
  'We followed a cohort of patients over three years and measured how often the condition returned after the first ' +
  'treatment; the zorbic method was compared with the usual care in every clinic of the region, and the results ' +
  'were read by two teams who did not know which group each patient belonged to.';

export async function seedSearchPapers(app: TestApp): Promise<SearchFixture> {
  const db = app.deps.db;
  const [journal] = await db.select({ id: journals.id }).from(journals).where(eq(journals.slug, 'general'));
  const journalId = journal!.id;
  const specs = await db
    .select({ id: specializations.id })
    .from(specializations)
    .where(eq(specializations.journalId, journalId))
    .orderBy(specializations.id)
    .limit(2);
  const [specA, specB] = specs.map((row) => row.id) as [number, number];
  const [published, inPress] = await db
    .insert(issues)
    .values([
      { journalId, issue: '1', volume: 901, publishMonth: '03 2025', publishDate: '2025-03-01', status: 1 },
      { journalId, issue: '2', volume: 901, publishMonth: '06 2025', publishDate: '2025-06-01', status: 0 },
    ])
    .returning({ id: issues.id });

  const rows: Paper[] = [
    {
      key: 'kidney',
      published: true,
      titleEn: 'Zorbic kidney studies in children',
      subtitle: 'A cohort of three clinics',
      abstractEn: LONG_ENGLISH,
      correspondingAuthor: 'Mona Haddad',
      jointAuthors: ['Sami Nour', 'Lina Farah'],
      keywords: ['nephrology', 'zorbic care'],
      specializationIds: [specA],
    },
    {
      key: 'arabic',
      published: true,
      titleAr: 'دِرَاسَةٌ زوربية عن أمراض الكُلى في مُسْتَشْفَى الجامعة',
      abstractAr: 'تتناول هذه الدراسة الزوربية أمراض الكلى عند الأطفال في المستشفى الجامعي خلال ثلاث سنوات.',
      correspondingAuthor: 'أحمد علي',
      jointAuthors: ['سارة يوسف'],
      keywords: ['nephrology', 'زوربية', 'zorbic'],
      specializationIds: [specB],
    },
    {
      key: 'both',
      published: true,
      titleEn: 'Zorbic outcomes of surgery',
      abstractEn: 'Surgical outcomes after zorbic preparation.',
      correspondingAuthor: 'Karim Saleh',
      keywords: ['surgery'],
      specializationIds: [specA, specB],
    },
    // The weights: the same rare word in a title, in keywords, in an abstract.
    { key: 'inAbstract', published: true, titleEn: 'Zorbic notes', abstractEn: 'A quasilinear model of growth.' },
    { key: 'inKeywords', published: true, titleEn: 'Zorbic growth', keywords: ['quasilinear'] },
    { key: 'inTitle', published: true, titleEn: 'Zorbic quasilinear growth' },
    // In press: never found, whatever the words.
    {
      key: 'inPress',
      published: false,
      titleEn: 'Zorbic secret kidney paper in press',
      keywords: ['nephrology'],
      specializationIds: [specA],
    },
    // Enough for a second page.
    ...Array.from({ length: 8 }, (_, n) => ({
      key: `survey${n + 1}`,
      published: true,
      titleEn: `Zorbic survey number ${n + 1}`,
      specializationIds: [specB],
    })),
  ];

  const ids: Record<string, number> = {};
  let order = 0;
  for (const { key, ...row } of rows) {
    const [paper] = await db
      .insert(papers)
      .values({ journalId, status: row.published ? 7 : 4, title: row.titleEn || row.titleAr || key })
      .returning({ id: papers.id });
    ids[key] = paper!.id;
    await db.insert(archivedPapers).values({
      ...row,
      paperId: paper!.id,
      journalId,
      issueId: row.published ? published!.id : inPress!.id,
      orderInIssue: ++order,
      publishDate: row.published ? '2025-03-01' : null,
    });
  }
  return { journalId, specA, specB, ids };
}

/** The download fee of the journal: on with a price, or off. */
export async function chargeAtDownload(app: TestApp, journalId: number, price: string | null) {
  await app.deps.db.execute(sql`
    insert into journal_payment_settings (journal_id, at_download, at_download_price)
    values (${journalId}, ${price !== null}, ${price})
    on conflict (journal_id) do update set at_download = excluded.at_download,
      at_download_price = excluded.at_download_price`);
}
