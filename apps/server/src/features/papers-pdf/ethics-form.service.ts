import { LANGUAGES, type Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import type { Actor } from '@journals/core/rules/permissions';
import { canPrintEthicsForm } from '@journals/core/rules/workflow';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { paperAuthors, reviewInvitations, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { paperFor } from '../../domain/paper-access';
import { AppError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { type EthicsFormData, ethicsFormHtml } from './ethics-form.template';
import type { PdfRenderer } from './pdf-renderer';

const LOGO_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

async function logoDataUrl(deps: Deps, key: string | null): Promise<string | null> {
  if (!key) return null;
  const type = LOGO_TYPES[key.split('.').pop()?.toLowerCase() ?? ''];
  const file = type ? await deps.storage.get(key).catch(() => null) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
  return `data:${type};base64,${Buffer.concat(chunks).toString('base64')}`;
}

/** day/month/year (spec 02 §9). */
const dayMonthYear = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;

export function formLanguage(requested: string | undefined, fallback: Language): Language {
  return LANGUAGES.includes(requested as Language) ? (requested as Language) : fallback;
}

/**
 * The ethics form of a paper as a PDF (spec 02 §2 "ethics form", §4: statuses 4, 5 and 7). The author's copy
 * names no reviewer unless the journal runs open review (DESIGN §3; docs/decisions/0028).
 */
export async function ethicsFormPdf(
  deps: Deps,
  renderer: PdfRenderer,
  journal: Journal,
  actor: Actor,
  userId: number,
  paperId: number,
  language: Language,
) {
  const { paper, relation } = await paperFor(deps.db, journal.id, { actor, userId }, paperId);
  if (!relation.reads) throw NotFoundError();
  if (!canPrintEthicsForm(paper.status)) throw new AppError('conflict', 'errors.ethicsFormNotAvailable');
  const authors = await deps.db
    .select()
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paper.id))
    .orderBy(asc(paperAuthors.position));
  const reviewers = await deps.db
    .select({ name: users.fullName })
    .from(reviewInvitations)
    .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
    .where(
      and(
        eq(reviewInvitations.paperId, paper.id),
        eq(reviewInvitations.status, REVIEW_STATUS.reviewed),
        isNull(reviewInvitations.removedAt),
      ),
    )
    .orderBy(asc(reviewInvitations.reviewedAt), asc(reviewInvitations.id));
  // Those who run the paper's review (core paperRelation: never one of its authors) read the editors' copy.
  const namesReviewers = journal.openReview || relation.manages;
  const label = (key: string, code: number | null) =>
    code === null ? '' : translate(language, `papers.${key}_${code}`);
  const data: EthicsFormData = {
    journalTitle: language === 'ar' ? journal.titleAr : journal.titleEn,
    logo: await logoDataUrl(deps, journal.logoKey),
    code: paper.code ?? String(paper.id),
    date: dayMonthYear(paper.statusDate),
    title: paper.title || (language === 'ar' ? paper.titleAr || paper.titleEn : paper.titleEn || paper.titleAr),
    // The reviewers who reviewed this version, in the order they finished (issue 9 §4): by name on the editors'
    // copy and when the journal runs open review; otherwise numbered, as the author knows them (issue 19 §2).
    reviewers: reviewers.map((reviewer, index) =>
      namesReviewers ? reviewer.name : translate(language, 'decisions.reviewer_number', { number: index + 1 }),
    ),
    researchers: authors.map((author) => ({ name: author.fullName, workPlace: author.workPlace })),
    jobTitle: label('applicant', paper.statusOfApplicant),
    medicalSchool: label('school', paper.medicalSchool),
    department: paper.department,
    withRevisions: paper.status === 5,
  };
  const pdf = await renderer.render(ethicsFormHtml(language, data));
  return { pdf, fileName: `ethics-form-${(paper.code ?? String(paper.id)).replace(/[^A-Za-z0-9.-]/g, '_')}.pdf` };
}
