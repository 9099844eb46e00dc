import { PAPER_STATUS, type PaperLogAction } from '@journals/core/enums';
import { FINAL_DECISIONS } from '@journals/core/reviewing';
import type { Tx } from '../db/client';
import { finalDecisions, paperAuthors, paperFiles, paperLogs, papers } from '../db/schema';
import { inBatches } from './scale-batches';
import { between, type Person, type Planned, personName, pick, type Random } from './scale-plan';
import { FOUNDATIONS } from './scale-words';

/** The paper rows of a journal's plan, listed in order; each planned paper takes its row's id. */
export async function writePapers(
  tx: Tx,
  journalId: number,
  planned: Planned[],
  issueIds: number[],
  specIds: number[],
) {
  const ids = await inBatches(planned, (batch) =>
    tx
      .insert(papers)
      .values(
        batch.map((p) => ({
          journalId,
          parentPaperId: p.parent?.id ?? null,
          code: p.code ?? null,
          status: p.status,
          title: p.title[0],
          titleEn: p.status === PAPER_STATUS.published ? p.title[0] : '',
          titleAr: p.status === PAPER_STATUS.published ? p.title[1] : '',
          creatorId: p.creator.id,
          issueId: p.issueIndex === null ? null : issueIds[p.issueIndex]!,
          specializationId: specIds[p.specialization]!,
          version: p.version,
          superseded: p.superseded,
          uploadPaid: p.submittedAt !== null,
          submittedAt: p.submittedAt,
          statusDate: p.statusDate,
          createdAt: p.createdAt,
          modifiedAt: p.statusDate,
        })),
      )
      .returning({ id: papers.id }),
  );
  // INSERT … VALUES … RETURNING gives the rows back in the order they were listed.
  ids.forEach((row, n) => (planned[n]!.id = row.id));
}

const FILE_KINDS = [
  ['proposalFile', 'proposal.pdf', 1],
  ['signedInformedConsent', 'informed-consent.pdf', 0.6],
  ['departmentApprovalDocuments', 'department-approval.pdf', 0.5],
  ['paymentReceipt', 'payment-receipt.jpg', 0.2],
] as const;

/** The final decision that leaves a paper in each decided status. */
const DECISION_OF_STATUS: Partial<Record<number, number>> = {
  [PAPER_STATUS.accepted]: FINAL_DECISIONS.accept,
  [PAPER_STATUS.acceptedWithRevisions]: FINAL_DECISIONS.acceptWithModifications,
  [PAPER_STATUS.rejected]: FINAL_DECISIONS.reject,
  [PAPER_STATUS.published]: FINAL_DECISIONS.accept,
};

const DECISION_COMMENTS = {
  en: 'The editorial board has read the reviewers’ reports and the authors’ answers, and records its decision.',
  ar: 'اطلعت هيئة التحرير على تقارير المحكمين وردود المؤلفين، وتسجل قرارها.',
};

/**
 * Authors, file metadata (no bytes are stored), one log row per transition of every paper and the final decision of
 * every decided paper.
 */
export async function writeDetails(
  tx: Tx,
  journalId: number,
  planned: Planned[],
  editor: Person,
  rng: Random,
  arabic: boolean,
) {
  const authors: (typeof paperAuthors.$inferInsert)[] = [];
  const files: (typeof paperFiles.$inferInsert)[] = [];
  const logs: (typeof paperLogs.$inferInsert)[] = [];
  const decisions: (typeof finalDecisions.$inferInsert)[] = [];
  const hex = () =>
    Array.from({ length: 4 }, () =>
      Math.floor(rng() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
  const phone = () => `+2010${String(between(rng, 0, 99_999_999)).padStart(8, '0')}`;
  for (const p of planned) {
    const paperId = p.id!;
    authors.push({
      paperId,
      position: 0,
      fullName: p.creator.fullName,
      email: p.creator.email,
      phone: phone(),
      workPlace: p.creator.workPlace,
      isMain: true,
    });
    for (let position = 1; position <= between(rng, 0, 4); position += 1) {
      const name = personName(rng, arabic);
      const email = `${name.latin.toLowerCase().replace(' ', '.')}${between(rng, 1, 999)}@example.org`;
      authors.push({
        paperId,
        position,
        fullName: name.fullName,
        email,
        phone: phone(),
        workPlace: pick(rng, FOUNDATIONS)[arabic ? 1 : 0],
        isMain: false,
      });
    }
    const kinds: [(typeof paperFiles.$inferInsert)['kind'], string][] = FILE_KINDS.filter(
      ([, , share]) => rng() < (p.submittedAt ? share : share / 2),
    ).map(([kind, name]) => [kind, name]);
    if (p.status >= PAPER_STATUS.accepted && p.status <= PAPER_STATUS.rejected && rng() < 0.3)
      kinds.push(['decisionAttachment', 'committee-comments.pdf']);
    if (p.status === PAPER_STATUS.published) kinds.push(['finalVersion', `${p.code}.pdf`]);
    for (const [kind, originalName] of kinds) {
      const image = originalName.endsWith('.jpg');
      files.push({
        paperId,
        kind,
        storageKey: `papers/${journalId}/${paperId}/${hex()}.${image ? 'jpg' : 'pdf'}`,
        originalName,
        mimeType: image ? 'image/jpeg' : 'application/pdf',
        size: image ? between(rng, 80_000, 900_000) : between(rng, 150_000, 4_000_000),
        createdAt: p.submittedAt ?? p.createdAt,
      });
    }
    if (!p.submittedAt) continue;
    // The paper's own steps (decision 0024); the reviewers' steps come with their invitations (writeInvitations).
    const steps: [PaperLogAction, number, number, string | null][] = [
      [p.version === 1 ? 'newProposal' : 'newRevision', PAPER_STATUS.submitted, p.creator.id, null],
    ];
    if (p.status >= PAPER_STATUS.underReview) steps.push(['statusChanged', PAPER_STATUS.underReview, editor.id, null]);
    if (p.status >= PAPER_STATUS.pendingDecision)
      steps.push(['statusChanged', PAPER_STATUS.pendingDecision, editor.id, null]);
    const decision = DECISION_OF_STATUS[p.status];
    if (decision)
      steps.push([
        'finalDecision',
        p.status === PAPER_STATUS.published ? PAPER_STATUS.accepted : p.status,
        editor.id,
        String(decision),
      ]);
    if (p.status === PAPER_STATUS.published) {
      steps.push(['addedToIssue', PAPER_STATUS.accepted, editor.id, null]);
      steps.push(['statusChanged', PAPER_STATUS.published, editor.id, null]);
    }
    const gap = (p.statusDate.getTime() - p.submittedAt.getTime()) / steps.length;
    steps.forEach(([action, paperStatus, actorId, notes], n) => {
      const createdAt = new Date(p.submittedAt!.getTime() + n * gap);
      logs.push({ journalId, paperId, action, actorId, paperStatus, notes, createdAt });
      // The decision itself, as the decision form leaves it (the report's decision date reads it).
      if (action === 'finalDecision')
        decisions.push({
          paperId,
          decision: Number(notes),
          comments: arabic ? DECISION_COMMENTS.ar : DECISION_COMMENTS.en,
          decidedBy: actorId,
          decidedAt: createdAt,
        });
    });
  }
  await inBatches(authors, (batch) =>
    tx
      .insert(paperAuthors)
      .values(batch)
      .then(() => []),
  );
  await inBatches(files, (batch) =>
    tx
      .insert(paperFiles)
      .values(batch)
      .then(() => []),
  );
  await inBatches(logs, (batch) =>
    tx
      .insert(paperLogs)
      .values(batch)
      .then(() => []),
  );
  await inBatches(decisions, (batch) =>
    tx
      .insert(finalDecisions)
      .values(batch)
      .then(() => []),
  );
  return { authors: authors.length, files: files.length, logs: logs.length, decisions: decisions.length };
}
