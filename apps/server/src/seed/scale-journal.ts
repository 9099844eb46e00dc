import { ISSUE_STATUS, PAPER_STATUS, type PaperLogAction } from '@journals/core/enums';
import { FINAL_DECISIONS } from '@journals/core/reviewing';
import type { Tx } from '../db/client';
import {
  finalDecisions,
  issues,
  journalPaymentSettings,
  journalRoles,
  journals,
  paperAuthors,
  paperFiles,
  paperLogs,
  papers,
  reviewInvitations,
  roleSpecializations,
  specializations,
  users,
} from '../db/schema';
import {
  assignCodes,
  between,
  DAY,
  type JournalPlan,
  type Person,
  type Planned,
  personName,
  pick,
  planPapers,
  type Random,
  two,
} from './scale-plan';
import { FIELDS, FOUNDATIONS, JOURNAL_KINDS, TOPICS } from './scale-words';

/** Rows per statement: well under PostgreSQL's 65,535 parameters for every table written here. */
const BATCH = 2_000;
async function inBatches<T, R>(rows: T[], write: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < rows.length; start += BATCH) out.push(...(await write(rows.slice(start, start + BATCH))));
  return out;
}

/** One journal with its people, issues and papers; returns how many rows of each it wrote. */
export async function insertJournal(tx: Tx, plan: JournalPlan) {
  const { rng, options, end } = plan;
  const field = FIELDS[plan.index % FIELDS.length]!;
  const kind = JOURNAL_KINDS[Math.floor(plan.index / FIELDS.length) % JOURNAL_KINDS.length]!;
  const foundation = FOUNDATIONS[plan.index % FOUNDATIONS.length]!;
  const arabic = plan.index % 3 === 2;
  const prefix = `S${plan.index + 1}`;
  const [journal] = await tx
    .insert(journals)
    .values({
      slug: plan.slug,
      titleEn:
        `${kind[0]} ${field[0]} ${plan.index >= FIELDS.length * JOURNAL_KINDS.length ? plan.index + 1 : ''}`.trim(),
      titleAr:
        `${kind[1]} ${field[1]} ${plan.index >= FIELDS.length * JOURNAL_KINDS.length ? plan.index + 1 : ''}`.trim(),
      foundationNameEn: foundation[0],
      foundationNameAr: foundation[1],
      email: `office@${plan.slug}.test`,
      codePrefix: prefix,
      issueFrequency: 8,
      defaultLanguage: arabic ? 'ar' : 'en',
    })
    .returning({ id: journals.id });
  const journalId = journal!.id;
  await tx.insert(journalPaymentSettings).values({ journalId });
  const specs = await tx
    .insert(specializations)
    .values(
      Array.from({ length: 5 }, (_, n) => TOPICS[(plan.index + n * 5) % TOPICS.length]!).map(([en, ar]) => ({
        journalId,
        nameEn: en,
        nameAr: ar,
      })),
    )
    .returning({ id: specializations.id });

  // People: one editor, the researchers (r1 is the heavy author of the first journal) and the reviewers; the first
  // journal has `specialists` more, all of its first specialization (the candidate list measured by the bench).
  const specialists = plan.index === 0 ? options.specialists : 0;
  const reviewerCount = options.reviewers + specialists;
  const accounts = [
    { local: 'editor', role: 'editor' as const },
    ...Array.from({ length: options.researchers }, (_, n) => ({ local: `r${n + 1}`, role: 'researcher' as const })),
    ...Array.from({ length: reviewerCount }, (_, n) => ({ local: `reviewer${n + 1}`, role: 'reviewer' as const })),
    // The handling editor of the first two specializations (the editorial desk's narrower scope).
    { local: 'handling', role: 'handlingEditor' as const },
  ].map((account) => ({ ...account, ...personName(rng, arabic) }));
  const people = await inBatches(accounts, (batch) =>
    tx
      .insert(users)
      .values(
        batch.map((account) => ({
          email: `${account.local}@${plan.slug}.test`,
          passwordHash: plan.passwordHash,
          fullName: account.fullName,
          nameOnPaper: account.latin,
          jobTitle: account.role === 'researcher' ? 'Lecturer' : 'Professor',
          workPlace: foundation[0],
          emailConfirmed: true,
          availableAsReviewer: account.role === 'reviewer',
          language: arabic ? ('ar' as const) : ('en' as const),
        })),
      )
      .returning({ id: users.id, fullName: users.fullName, email: users.email, workPlace: users.workPlace }),
  );
  const roles = accounts.map((account, n) => ({
    userId: people[n]!.id,
    journalId,
    role: account.role,
    editorType: account.role === 'editor' ? 0 : null,
  }));
  await inBatches(roles, (batch) =>
    tx
      .insert(journalRoles)
      .values(batch)
      .then(() => []),
  );
  const reviewers = people.slice(1 + options.researchers, 1 + options.researchers + reviewerCount);
  const handling = people[people.length - 1]!;
  await inBatches(
    [
      ...reviewers.map((r, n) => ({
        userId: r.id,
        role: 'reviewer' as const,
        specializationId: specs[n < specialists ? 0 : n % 5]!.id,
      })),
      ...[0, 1].map((n) => ({ userId: handling.id, role: 'handlingEditor' as const, specializationId: specs[n]!.id })),
    ],
    (batch) =>
      tx
        .insert(roleSpecializations)
        .values(batch)
        .then(() => []),
  );
  const editor = people[0]!;
  const researchers = people.slice(1, 1 + options.researchers);

  // Published issues, evenly spread over the four years before `end`.
  const start = end.getTime() - 4 * 365 * DAY;
  const issueDates = Array.from(
    { length: options.issues },
    (_, n) => new Date(start + 240 * DAY + ((n + 1) * (end.getTime() - start - 270 * DAY)) / options.issues),
  );
  const firstYear = issueDates[0]!.getUTCFullYear();
  const perVolume = new Map<number, number>();
  const issueIds = (
    await tx
      .insert(issues)
      .values(
        issueDates.map((date) => {
          const volume = date.getUTCFullYear() - firstYear + 1;
          perVolume.set(volume, (perVolume.get(volume) ?? 0) + 1);
          return {
            journalId,
            issue: String(perVolume.get(volume)),
            volume,
            publishMonth: `${two(date.getUTCMonth() + 1)} ${date.getUTCFullYear()}`,
            publishDate: date.toISOString().slice(0, 10),
            status: ISSUE_STATUS.published,
          };
        }),
      )
      .returning({ id: issues.id })
  ).map((row) => row.id);

  const planned = planPapers(plan, researchers, issueDates);
  assignCodes(planned, prefix);
  const specIds = specs.map((spec) => spec.id);
  await writePapers(
    tx,
    journalId,
    planned.filter((p) => !p.parent),
    issueIds,
    specIds,
  );
  await writePapers(
    tx,
    journalId,
    planned.filter((p) => p.parent),
    issueIds,
    specIds,
  );
  const rows = await writeDetails(tx, journalId, planned, editor, rng, arabic);
  const review = await writeInvitations(tx, journalId, planned, reviewers, editor, rng, end);
  return {
    journalId,
    rows: {
      users: people.length,
      issues: issueIds.length,
      papers: planned.length,
      ...rows,
      logs: rows.logs + review.logs,
      invitations: review.invitations,
    },
  };
}

async function writePapers(tx: Tx, journalId: number, planned: Planned[], issueIds: number[], specIds: number[]) {
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
async function writeDetails(
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

/**
 * Two review invitations of every paper that went to review, to reviewers of the journal, as the review loop leaves
 * them: under review, one accepted and one waiting for an answer; further on, both reviewed (one in ten refused), in
 * 5 to 40 days. One submitted paper in twelve has one refused invitation. The candidates' figures (open
 * invitations, reviews of the year, median days) and the editorial desk's cards read these.
 */
async function writeInvitations(
  tx: Tx,
  journalId: number,
  planned: Planned[],
  reviewers: Person[],
  editor: Person,
  rng: Random,
  end: Date,
) {
  if (reviewers.length < 2) return { invitations: 0, logs: 0 };
  const rows: (typeof reviewInvitations.$inferInsert)[] = [];
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  for (const p of planned) {
    if (!p.submittedAt) continue;
    if (p.status === PAPER_STATUS.submitted) {
      // One submitted paper in twelve has had a reviewer decline and nobody else yet (the desk's "declined" card).
      if (rng() >= 1 / 12) continue;
      const invitedAt = new Date(Math.min(p.submittedAt.getTime() + DAY, end.getTime()));
      rows.push({
        journalId,
        paperId: p.id!,
        reviewerId: reviewers[between(rng, 0, reviewers.length - 1)]!.id,
        invitedBy: editor.id,
        invitedAt,
        deadline: day(invitedAt.getTime() + 14 * DAY),
        status: 4,
        answeredAt: invitedAt,
        refusalCategory: 'noTime',
        refusalReason: 'Busy',
      });
      continue;
    }
    if (p.status < PAPER_STATUS.underReview) continue;
    const first = between(rng, 0, reviewers.length - 1);
    const second = (first + between(rng, 1, reviewers.length - 1)) % reviewers.length;
    const invitedAt = new Date(Math.min(p.submittedAt.getTime() + 2 * DAY, end.getTime()));
    // Under review, the deadlines fall around today (extended where the paper waited long): about a third are
    // late, the desk's "late reviews" card.
    const deadline =
      p.status === PAPER_STATUS.underReview
        ? day(Math.max(invitedAt.getTime() + 14 * DAY, end.getTime() + between(rng, -12, 20) * DAY))
        : day(invitedAt.getTime() + 14 * DAY);
    [first, second].forEach((index, n) => {
      const base = {
        journalId,
        paperId: p.id!,
        reviewerId: reviewers[index]!.id,
        invitedBy: editor.id,
        invitedAt,
        deadline,
      };
      if (p.status === PAPER_STATUS.underReview) {
        rows.push({ ...base, status: n === 0 ? 2 : 1, answeredAt: n === 0 ? invitedAt : null });
      } else if (rng() < 0.1) {
        rows.push({ ...base, status: 4, answeredAt: invitedAt, refusalCategory: 'noTime', refusalReason: 'Busy' });
      } else {
        const reviewedAt = new Date(
          Math.min(
            invitedAt.getTime() + between(rng, 5, 40) * DAY,
            Math.max(p.statusDate.getTime(), invitedAt.getTime()),
          ),
        );
        rows.push({
          ...base,
          status: 3,
          answeredAt: invitedAt,
          reviewedAt,
          recommendation: pick(rng, [4, 5, 6, 7, 8]),
        });
      }
    });
  }
  await inBatches(rows, (batch) =>
    tx
      .insert(reviewInvitations)
      .values(batch)
      .then(() => []),
  );
  // Each invitation's log entries as the review loop writes them: added by the editor, then the reviewer's answer
  // and review, at the paper's status of that moment.
  const statusOf = new Map(planned.map((p) => [p.id!, p.status]));
  const nameOf = new Map(reviewers.map((reviewer) => [reviewer.id, reviewer.fullName]));
  const logs: (typeof paperLogs.$inferInsert)[] = [];
  for (const row of rows) {
    const paperStatus = statusOf.get(row.paperId)!;
    const reviewing = Math.min(paperStatus, PAPER_STATUS.underReview);
    const entry = (action: PaperLogAction, actorId: number, at: Date, status: number, notes: string | null) =>
      logs.push({ journalId, paperId: row.paperId, action, actorId, paperStatus: status, notes, createdAt: at });
    const name = nameOf.get(row.reviewerId) ?? null;
    entry('reviewerAdded', editor.id, row.invitedAt!, reviewing, name);
    if (row.status === 4)
      entry('invitationRejected', row.reviewerId, row.answeredAt!, reviewing, `noTime: ${row.refusalReason}`);
    if (row.status === 2 || row.status === 3)
      entry('invitationAccepted', row.reviewerId, row.answeredAt!, reviewing, name);
    if (row.status === 3) entry('invitationFinished', row.reviewerId, row.reviewedAt!, PAPER_STATUS.underReview, name);
  }
  await inBatches(logs, (batch) =>
    tx
      .insert(paperLogs)
      .values(batch)
      .then(() => []),
  );
  return { invitations: rows.length, logs: logs.length };
}
