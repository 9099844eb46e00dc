import { ISSUE_STATUS, PAPER_STATUS } from '@journals/core/enums';
import type { Tx } from '../db/client';
import {
  issues,
  journalPaymentSettings,
  journalRoles,
  journals,
  roleSpecializations,
  specializations,
  users,
} from '../db/schema';
import { inBatches } from './scale-batches';
import { archiveIssueDates, archivePlanned, writeArchive } from './scale-archive';
import { writeInvitations } from './scale-invitations';
import { writeOutbox } from './scale-outbox';
import { writeDetails, writePapers } from './scale-papers';
import { assignCodes, DAY, type JournalPlan, personName, planPapers, two } from './scale-plan';
import { FIELDS, FOUNDATIONS, JOURNAL_KINDS, TOPICS } from './scale-words';

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
    // The first journal's members without papers (its user list's size).
    ...Array.from({ length: plan.index === 0 ? options.members : 0 }, (_, n) => ({
      local: `m${n + 1}`,
      role: 'researcher' as const,
    })),
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
  // The archive's older issues (option `archive`) come before them; volume 1 is the first year of either.
  const archiveDates = archiveIssueDates(plan.archive, issueDates[0]!);
  const firstYear = (archiveDates[0] ?? issueDates[0]!).getUTCFullYear();
  const issueIds = (
    await tx
      .insert(issues)
      .values(
        issueDates.map((date) => {
          return {
            journalId,
            // Named by month: the archive's monthly issues share the volumes (issues are months apart here).
            issue: String(date.getUTCMonth() + 1),
            volume: date.getUTCFullYear() - firstYear + 1,
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
  const mails = await writeOutbox(tx, journalId, planned, editor.email);
  const archivePlan = {
    journalId,
    slug: plan.slug,
    prefix,
    specIds,
    researchers,
    rng,
    arabic,
    doi: plan.index % 2 === 0,
  };
  // The plan's published papers are in the public archive too, with the archive's metadata and final PDFs.
  const published = planned.filter((p) => p.status === PAPER_STATUS.published && !p.superseded);
  const archivedPlanned = await archivePlanned(
    tx,
    archivePlan,
    published.map((p) => ({ id: p.id!, title: p.title, specialization: p.specialization, issueIndex: p.issueIndex! })),
    issueIds,
    issueDates,
  );
  const archive = await writeArchive(tx, { ...archivePlan, count: plan.archive, dates: archiveDates, firstYear });
  return {
    journalId,
    rows: {
      users: people.length,
      issues: issueIds.length + archive.issues,
      papers: planned.length + archive.archived,
      archived: archive.archived + archivedPlanned,
      ...rows,
      files: rows.files + archive.files + archivedPlanned,
      logs: rows.logs + review.logs,
      invitations: review.invitations,
      mails,
    },
  };
}
