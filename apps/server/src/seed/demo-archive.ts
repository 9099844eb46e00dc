import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { archivedPapers, finalDecisions, issues, paperAuthors, paperFiles, papers } from '../db/schema';
import { nextCodeOfMonth } from '../domain/paper-codes';
import type { Storage } from '../storage/driver';
import type { DemoArchive, DemoArchivePaper } from './demo-archive-content';
import type { DemoJournal } from './demo-content';
import { storePdf } from './demo-files';
import { writeLog } from './demo-log';

const ARABIC = /[\u0600-\u06ff]/;
const emailOf = (name: string, index: number) =>
  ARABIC.test(name)
    ? `author${index + 1}@medicine.example.edu`
    : `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.edu`;

/**
 * A demo journal's archive (issue 21): its issues, the papers published in them with their archive metadata and
 * final PDFs, an issue in press, and an accepted paper of the demo researcher waiting for an issue.
 */
export async function seedArchive(
  tx: Tx,
  storage: Storage,
  demo: DemoJournal,
  archive: DemoArchive,
  ids: {
    journalId: number;
    researcherId: number;
    editorId: number;
    specializationIds: number[];
  },
  author: { fullName: string; email: string; workPlace: string },
) {
  const { journalId } = ids;
  let serial = 0;
  for (const demoIssue of archive.issues) {
    const [issue] = await tx
      .insert(issues)
      .values({
        journalId,
        issue: String(demoIssue.issue),
        volume: demoIssue.volume,
        publishMonth: demoIssue.month,
        publishDate: demoIssue.publishDate,
        status: demoIssue.published ? ISSUE_STATUS.published : ISSUE_STATUS.inPress,
        publishedAt: demoIssue.published ? new Date(`${demoIssue.publishDate}T08:00:00Z`) : null,
        createdAt: new Date(`${demoIssue.publishDate}T08:00:00Z`),
      })
      .returning();
    for (const [index, paper] of demoIssue.papers.entries()) {
      serial += 1;
      const [month, year] = demoIssue.month.split(' ') as [string, string];
      const submitted = new Date(`${Number(year)}-${month}-01T09:00:00Z`);
      submitted.setUTCMonth(submitted.getUTCMonth() - 4);
      submitted.setUTCDate(3 + index);
      const [row] = await tx
        .insert(papers)
        .values({
          ...submission(paper, ids),
          journalId,
          code: await nextCodeOfMonth(tx, journalId, demo.codePrefix, submitted),
          status: demoIssue.published ? PAPER_STATUS.published : PAPER_STATUS.accepted,
          issueId: issue!.id,
          views: paper.views,
          uploadPaid: true,
          publishPaid: true,
          submittedAt: submitted,
          createdAt: submitted,
        })
        .returning();
      await authorsOf(tx, row!.id, paper.authors, demo);
      const title = paper.en || paper.ar;
      await storePdf(tx, storage, journalId, row!.id, 'finalVersion', `${row!.code}.pdf`, [
        ARABIC.test(title) ? `${demo.titleEn}, volume ${demoIssue.volume}, issue ${demoIssue.issue}` : title,
        `Published in volume ${demoIssue.volume}, issue ${demoIssue.issue} (${demoIssue.month}), pages ${paper.pages[0]}-${paper.pages[1]}.`,
      ]);
      const [file] = await tx
        .select({ id: paperFiles.id })
        .from(paperFiles)
        .where(and(eq(paperFiles.paperId, row!.id), eq(paperFiles.kind, 'finalVersion')));
      await tx.insert(archivedPapers).values({
        paperId: row!.id,
        journalId,
        issueId: issue!.id,
        published: demoIssue.published,
        publishDate: demoIssue.published ? demoIssue.publishDate : null,
        orderInIssue: index + 1,
        fromPage: paper.pages[0],
        toPage: paper.pages[1],
        doi: archive.doiPrefix ? `${archive.doiPrefix}/${demo.slug}.${year}.${String(serial).padStart(3, '0')}` : null,
        paperType: paper.paperType,
        titleEn: paper.en,
        titleAr: paper.ar,
        abstractEn: paper.abstractEn,
        abstractAr: paper.abstractAr,
        correspondingAuthor: paper.authors[0]!,
        jointAuthors: paper.authors.slice(1),
        keywords: paper.keywords,
        specializationIds: [ids.specializationIds[paper.specialization]!],
        finalFileId: file!.id,
        views: paper.views,
        downloads: Math.floor(paper.views / 2),
      });
    }
  }

  // Accepted a week ago, in no issue yet: the paper the demo's editor assigns and publishes.
  const now = Date.now();
  const day = 24 * 3600 * 1000;
  const submitted = new Date(now - 60 * day);
  const accepted = new Date(now - 7 * day);
  const [paper] = await tx
    .insert(papers)
    .values({
      ...submission(archive.accepted, ids),
      journalId,
      code: await nextCodeOfMonth(tx, journalId, demo.codePrefix, submitted),
      status: PAPER_STATUS.accepted,
      creatorId: ids.researcherId,
      uploadPaid: true,
      submittedAt: submitted,
      createdAt: submitted,
      statusDate: accepted,
      modifiedAt: accepted,
    })
    .returning();
  await tx.insert(paperAuthors).values(
    archive.accepted.authors.map((name, position) => ({
      paperId: paper!.id,
      position,
      fullName: position === 0 ? author.fullName : name,
      email: position === 0 ? author.email : emailOf(name, position),
      phone: '+201012345678',
      workPlace: position === 0 ? author.workPlace : demo.foundationEn,
      isMain: position === 0,
    })),
  );
  await storePdf(tx, storage, journalId, paper!.id, 'proposalFile', `${paper!.code}.pdf`, [archive.accepted.en]);
  await tx.insert(finalDecisions).values({
    paperId: paper!.id,
    decision: 1,
    comments: demo.ethics
      ? 'وافقت اللجنة على المقترح بصيغته الحالية. نشكر الباحثين على وضوح الإجراءات.'
      : 'Accepted as it stands. Thank you for a clear and careful study.',
    decidedBy: ids.editorId,
    decidedAt: accepted,
  });
  await writeLog(tx, journalId, paper!.id, [
    ['newProposal', ids.researcherId, PAPER_STATUS.submitted, submitted],
    ['finalDecision', ids.editorId, PAPER_STATUS.accepted, accepted],
  ]);
}

/** The submission's own fields: the title and abstract in the paper's main language, as its author wrote them. */
function submission(
  paper: Omit<DemoArchivePaper, 'pages' | 'views'>,
  ids: { specializationIds: number[] },
): Partial<typeof papers.$inferInsert> {
  return {
    title: paper.en || paper.ar,
    titleEn: paper.en,
    titleAr: paper.ar,
    abstract: paper.abstractEn || paper.abstractAr,
    keywords: paper.keywords,
    paperType: paper.paperType,
    kind: 1,
    specializationId: ids.specializationIds[paper.specialization]!,
  };
}

function authorsOf(tx: Tx, paperId: number, names: string[], demo: DemoJournal) {
  return tx.insert(paperAuthors).values(
    names.map((fullName, position) => ({
      paperId,
      position,
      fullName,
      email: emailOf(fullName, position),
      phone: '+201012345678',
      workPlace: ARABIC.test(fullName) ? demo.foundationAr : demo.foundationEn,
      isMain: position === 0,
    })),
  );
}
