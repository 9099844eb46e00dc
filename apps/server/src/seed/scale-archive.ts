import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import type { Tx } from '../db/client';
import { archivedPapers, issues, paperFiles, papers } from '../db/schema';
import { between, DAY, makeTitle, type Person, personName, pick, type Random, two } from './scale-plan';
import { FIELDS, SETTINGS, TOPICS, type Pair } from './scale-words';

/**
 * The monthly issues of an archive of `count` papers, the last one the month before `before` (the journal's first
 * issue of the ordinary plan): at most 240 (twenty years); a mega-journal's issues grow instead, as they do.
 */
export function archiveIssueDates(count: number, before: Date): Date[] {
  if (count === 0) return [];
  const issueCount = Math.min(Math.ceil(count / 20), 240);
  return Array.from(
    { length: issueCount },
    (_, n) => new Date(Date.UTC(before.getUTCFullYear(), before.getUTCMonth() - issueCount + n, 15)),
  );
}

/**
 * A journal's published archive at real size (issue 21 §6): issues of a real journal's rhythm (monthly, twelve to a
 * volume, going back from today) filled in order, each paper a published `papers` row, its final PDF's metadata (no
 * bytes) and its archive entry with bilingual 150–250-word abstracts, keywords, authors, pages and, in every other
 * journal, a DOI.
 */
export async function writeArchive(
  tx: Tx,
  plan: {
    journalId: number;
    slug: string;
    prefix: string;
    count: number;
    specIds: number[];
    researchers: Person[];
    rng: Random;
    arabic: boolean;
    doi: boolean;
    /** The archive's issue dates (archiveIssueDates) and the year of the journal's volume 1. */
    dates: Date[];
    firstYear: number;
  },
) {
  const { journalId, count, dates, firstYear } = plan;
  if (count === 0) return { issues: 0, archived: 0, files: 0 };
  const perIssue = Math.ceil(count / dates.length);
  const issueRows = await tx
    .insert(issues)
    .values(
      dates.map((date) => ({
        journalId,
        // Named by month, as the ordinary plan's issues are, so (volume, issue) stays unique across both.
        issue: String(date.getUTCMonth() + 1),
        volume: date.getUTCFullYear() - firstYear + 1,
        publishMonth: `${two(date.getUTCMonth() + 1)} ${date.getUTCFullYear()}`,
        publishDate: date.toISOString().slice(0, 10),
        status: ISSUE_STATUS.published,
        publishedAt: date,
        createdAt: new Date(date.getTime() - 30 * DAY),
        modifiedAt: date,
      })),
    )
    .returning({ id: issues.id });

  let written = 0;
  for (const [index, issue] of issueRows.entries()) {
    const size = Math.min(perIssue, count - written);
    await writeIssue(tx, plan, { id: issue.id, date: dates[index]! }, size);
    written += size;
  }
  return { issues: issueRows.length, archived: written, files: written };
}

/**
 * The archive entries of the ordinary plan's published papers (their rows exist): each issue's papers in order, with
 * the same generated metadata and final PDF as the archive's.
 */
export async function archivePlanned(
  tx: Tx,
  plan: ArchivePlan,
  published: { id: number; title: Pair; specialization: number; issueIndex: number }[],
  issueIds: number[],
  issueDates: Date[],
) {
  for (const [index, id] of issueIds.entries()) {
    const papersOfIssue = published.filter((paper) => paper.issueIndex === index);
    if (papersOfIssue.length > 0) await writeIssue(tx, plan, { id, date: issueDates[index]! }, papersOfIssue);
  }
  return published.length;
}

type ArchivePlan = Pick<
  Parameters<typeof writeArchive>[1],
  'journalId' | 'slug' | 'prefix' | 'specIds' | 'researchers' | 'rng' | 'arabic' | 'doi'
>;

/** One issue's papers in order: new published papers (a count) or existing ones, their final PDFs and entries. */
async function writeIssue(
  tx: Tx,
  plan: ArchivePlan,
  issue: { id: number; date: Date },
  papersOfIssue: number | { id: number; title: Pair; specialization: number }[],
) {
  const { journalId, rng, arabic } = plan;
  const date = issue.date;
  const size = typeof papersOfIssue === 'number' ? papersOfIssue : papersOfIssue.length;
  let page = 1;
  // In statements of at most 1,000 rows (the abstracts make rows large).
  for (let start = 0; start < size; start += 1_000) {
    const entries = Array.from({ length: Math.min(1_000, size - start) }, (_, n) => {
      const existing = typeof papersOfIssue === 'number' ? undefined : papersOfIssue[start + n];
      const order = start + n + 1;
      const title = existing?.title ?? makeTitle(rng);
      const topic = pick(rng, TOPICS);
      const pages = between(rng, 6, 20);
      const fromPage = page;
      page += pages;
      return {
        id: existing?.id,
        order,
        title,
        abstract: makeAbstract(rng, topic),
        keywords: keywordsOf(rng, topic, arabic),
        authors: Array.from({ length: between(rng, 1, 5) }, () => personName(rng, arabic).fullName),
        specialization: existing?.specialization ?? between(rng, 0, plan.specIds.length - 1),
        creator: plan.researchers[between(rng, 0, plan.researchers.length - 1)]!,
        views: Math.floor(2_000 * rng() ** 6),
        pages: [fromPage, page - 1] as const,
        submitted: new Date(date.getTime() - between(rng, 90, 300) * DAY),
      };
    });
    const paperIds =
      typeof papersOfIssue !== 'number'
        ? entries.map((entry) => ({ id: entry.id! }))
        : await tx
            .insert(papers)
            .values(
              entries.map((entry) => ({
                journalId,
                code: `${plan.prefix}.${two(date.getUTCFullYear() % 100)}.${two(date.getUTCMonth() + 1)}.A${entry.order}`,
                status: PAPER_STATUS.published,
                title: entry.title[arabic ? 1 : 0],
                titleEn: entry.title[0],
                titleAr: entry.title[1],
                abstract: entry.abstract[arabic ? 1 : 0],
                keywords: entry.keywords,
                creatorId: entry.creator.id,
                issueId: issue.id,
                specializationId: plan.specIds[entry.specialization]!,
                paperType: 4,
                kind: 1,
                views: entry.views,
                uploadPaid: true,
                publishPaid: true,
                submittedAt: entry.submitted,
                createdAt: entry.submitted,
                statusDate: date,
                modifiedAt: date,
              })),
            )
            .returning({ id: papers.id });
    const fileIds = await tx
      .insert(paperFiles)
      .values(
        paperIds.map(({ id }) => ({
          paperId: id,
          kind: 'finalVersion' as const,
          storageKey: `scale/${plan.slug}/${id}/final.pdf`,
          originalName: 'final.pdf',
          mimeType: 'application/pdf',
          size: 400_000,
          createdAt: date,
        })),
      )
      .returning({ id: paperFiles.id });
    await tx.insert(archivedPapers).values(
      entries.map((entry, n) => ({
        paperId: paperIds[n]!.id,
        journalId,
        issueId: issue.id,
        published: true,
        publishDate: date.toISOString().slice(0, 10),
        orderInIssue: entry.order,
        fromPage: entry.pages[0],
        toPage: entry.pages[1],
        doi: plan.doi ? `10.5555/${plan.slug}.${date.getUTCFullYear()}.${paperIds[n]!.id}` : null,
        paperType: 4,
        titleEn: entry.title[0],
        titleAr: entry.title[1],
        abstractEn: entry.abstract[0],
        abstractAr: entry.abstract[1],
        correspondingAuthor: entry.authors[0]!,
        jointAuthors: entry.authors.slice(1),
        keywords: entry.keywords,
        specializationIds: [plan.specIds[entry.specialization]!],
        finalFileId: fileIds[n]!.id,
        views: entry.views,
        downloads: Math.floor(entry.views / 3),
        createdAt: date,
        modifiedAt: date,
      })),
    );
  }
}

const KEYWORDS: Pair[] = [
  ['risk factors', 'عوامل الخطر'],
  ['prevalence', 'معدل الانتشار'],
  ['quality of life', 'جودة الحياة'],
  ['knowledge and attitudes', 'المعرفة والاتجاهات'],
  ['health education', 'التثقيف الصحي'],
  ['cost analysis', 'تحليل التكلفة'],
  ['sustainability', 'الاستدامة'],
  ['policy', 'السياسات'],
  ['Egypt', 'مصر'],
  ['community', 'المجتمع'],
  ['intervention', 'التدخل'],
  ['screening', 'الفحص'],
];

function keywordsOf(rng: Random, topic: readonly [string, string, string], arabic: boolean): string[] {
  const language = arabic ? 1 : 0;
  const chosen = new Set([topic[language], pick(rng, FIELDS)[language]]);
  while (chosen.size < between(rng, 3, 5)) chosen.add(pick(rng, KEYWORDS)[language]);
  return [...chosen];
}

/**
 * Sentences of a structured abstract in both languages, with slots: {topic}, {setting}, {n} participants, {p}
 * percent, {field}, {k} a small count. Each language says the same thing (no English word inside the Arabic).
 */
const BACKGROUND: Pair[] = [
  [
    'Little is known about {topic} {setting}, although it shapes the daily work of services and the lives of the people they serve.',
    'لا يُعرف إلا القليل عن {topic} {setting}، مع أنه يؤثر في العمل اليومي للخدمات وفي حياة من تخدمهم.',
  ],
  [
    'Earlier studies of {topic} came mostly from high-income countries, and their findings may not hold {setting}.',
    'جاءت معظم الدراسات السابقة عن {topic} من البلدان المرتفعة الدخل، وقد لا تصح نتائجها {setting}.',
  ],
  [
    'Decision makers in {field} have asked for local evidence on {topic} before they change current practice.',
    'طلب صناع القرار في مجال {field} أدلة محلية عن {topic} قبل تغيير الممارسات الحالية.',
  ],
  [
    'This study set out to measure {topic} {setting} and to identify the factors associated with it.',
    'هدفت هذه الدراسة إلى قياس {topic} {setting} وتحديد العوامل المرتبطة به.',
  ],
];
const METHODS_SENTENCES: Pair[] = [
  [
    'We recruited {n} participants through a multistage random sample and collected data with a structured questionnaire.',
    'جندنا {n} مشاركًا بعينة عشوائية متعددة المراحل وجمعنا البيانات باستبيان منظم.',
  ],
  [
    'Trained field workers interviewed every participant, and a second reviewer checked {p} percent of the records.',
    'أجرى باحثون ميدانيون مدربون مقابلات مع كل مشارك، وراجع مراجع ثانٍ {p} في المئة من السجلات.',
  ],
  [
    'Data were analysed with descriptive statistics and multivariable logistic regression, adjusting for age and sex.',
    'حُللت البيانات بالإحصاء الوصفي والانحدار اللوجستي متعدد المتغيرات مع الضبط للعمر والجنس.',
  ],
  [
    'The protocol was approved by the research ethics committee, and every participant gave written informed consent.',
    'وافقت لجنة أخلاقيات البحث على البروتوكول، وأعطى كل مشارك موافقة مستنيرة مكتوبة.',
  ],
  [
    'We followed the participants for {k} months and recorded outcomes at every scheduled visit.',
    'تابعنا المشاركين مدة {k} أشهر وسجلنا النتائج في كل زيارة مقررة.',
  ],
  [
    'Measurements were taken with calibrated instruments and repeated twice to estimate their reliability.',
    'أُخذت القياسات بأجهزة معايرة وكُررت مرتين لتقدير ثباتها.',
  ],
];
const RESULTS: Pair[] = [
  [
    'Overall, {p} percent of the participants showed signs of {topic}, with clear differences between age groups.',
    'أظهر {p} في المئة من المشاركين إجمالًا علامات {topic}، مع فروق واضحة بين الفئات العمرية.',
  ],
  [
    'Lower income and limited access to services were the strongest predictors in the adjusted model.',
    'كان انخفاض الدخل وضعف الوصول إلى الخدمات أقوى العوامل المنبئة في النموذج المعدل.',
  ],
  [
    'Women reported more difficulties than men, and the gap widened with distance from the nearest centre.',
    'أفادت النساء بصعوبات أكثر من الرجال، واتسعت الفجوة مع بعد المسافة عن أقرب مركز.',
  ],
  [
    'The intervention group improved by {p} percent more than the comparison group after {k} months.',
    'تحسنت مجموعة التدخل بنسبة تزيد {p} في المئة على مجموعة المقارنة بعد {k} أشهر.',
  ],
  [
    'Knowledge scores were moderate, but only a minority of participants turned that knowledge into regular practice.',
    'كانت درجات المعرفة متوسطة، لكن قلة من المشاركين فقط حولت تلك المعرفة إلى ممارسة منتظمة.',
  ],
  [
    'Results were consistent across the sensitivity analyses and did not change when incomplete records were excluded.',
    'جاءت النتائج متسقة في تحليلات الحساسية ولم تتغير عند استبعاد السجلات غير المكتملة.',
  ],
];
const CONCLUSIONS: Pair[] = [
  [
    'These findings call for targeted programmes on {topic} {setting}, planned together with the communities concerned.',
    'تدعو هذه النتائج إلى برامج موجهة بشأن {topic} {setting}، تُخطط بالتعاون مع المجتمعات المعنية.',
  ],
  [
    'Routine monitoring of {topic} would let services in {field} act earlier and measure the effect of what they change.',
    'تتيح المتابعة الدورية لـ{topic} للخدمات في مجال {field} أن تتدخل مبكرًا وتقيس أثر ما تغيره.',
  ],
  [
    'Further research should test low-cost interventions and follow their effect over several years.',
    'ينبغي أن تختبر البحوث المقبلة تدخلات منخفضة التكلفة وتتابع أثرها على مدى عدة سنوات.',
  ],
  [
    'Training staff and simplifying procedures are practical first steps that need no new resources.',
    'يعد تدريب العاملين وتبسيط الإجراءات خطوات أولى عملية لا تحتاج إلى موارد جديدة.',
  ],
];

/** A structured abstract of 150–250 words in English, and the same sentences in Arabic. */
export function makeAbstract(rng: Random, topic: readonly [string, string, string]): Pair {
  const setting = pick(rng, SETTINGS);
  const field = pick(rng, FIELDS);
  const slots = {
    n: String(between(rng, 120, 4_000)),
    p: String(between(rng, 8, 64)),
    k: String(between(rng, 3, 24)),
  };
  const fill = (text: string, language: 0 | 1) =>
    text
      .replace(/\{topic\}/g, topic[language])
      .replace(/\{setting\}/g, setting[language])
      .replace(/\{field\}/g, field[language])
      .replace(/\{(n|p|k)\}/g, (_, slot: 'n' | 'p' | 'k') => slots[slot]);
  const sentences: Pair[] = [];
  const words = (pairs: Pair[]) => pairs.reduce((sum, pair) => sum + fill(pair[0], 0).split(' ').length, 0);
  const target = between(rng, 150, 250);
  const groups = [BACKGROUND, METHODS_SENTENCES, RESULTS, CONCLUSIONS];
  // Background, methods, results and conclusions in order, each group drawn from until the abstract is long enough.
  for (let round = 0; words(sentences) < target; round++) {
    const group = groups[round % groups.length]!;
    sentences.push(pick(rng, group));
  }
  const ordered = groups.flatMap((group) => sentences.filter((sentence) => group.includes(sentence)));
  return [ordered.map((s) => fill(s[0], 0)).join(' '), ordered.map((s) => fill(s[1], 1)).join(' ')];
}
