import type { SheetQuestionView } from '@journals/core/schemas/reviewing-responses';
import type { ExtensionAllowance, RefusalCategory, ReviewerFilter } from '@journals/core/reviewing';
import type { PaperFieldsInput } from '@journals/core/schemas/submissions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postForm } from '../../lib/http';

/** The reviewer's side of the review loop (spec 01 §2 reviewer dashboard; issue 9 §2–§3): one hook per call. */

const journalBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}`;
export const reviewingBase = (slug: string) => `${journalBase(slug)}/reviewing`;

/** Every cached answer of the reviewer's side: invalidated after each change so cards, list and paper agree. */
const reviewingKey = (slug: string) => ['reviewing', slug] as const;

export interface InvitationRow {
  id: number;
  paperId: number;
  code: string | null;
  title: string;
  paperStatus: number;
  status: number;
  inviteDate: string;
  deadline: string | null;
  deadlineChanged: boolean;
  reviewedAt: string | null;
  extensions: ExtensionAllowance;
}

export interface ReviewerDashboard {
  statistics: Record<ReviewerFilter, number>;
  items: InvitationRow[];
  total: number;
}

export interface InvitationSummary {
  id: number;
  status: number;
  invitedAt: string;
  deadline: string | null;
  oldDeadline: string | null;
  deadlineChanged: boolean;
  reviewedAt: string | null;
  extensions: ExtensionAllowance;
}

export interface ReviewerFile {
  id: number;
  kind: 'proposalFile' | 'signedInformedConsent';
  originalName: string;
  size: number;
}

/** GET reviewing/papers/{id}: the study's fields as its reviewer reads them, no author. */
export interface ReviewerPaper {
  id: number;
  code: string | null;
  version: number | null;
  status: number;
  title_of_the_work: string;
  submittedAt: string | null;
  createdAt: string;
  statusOfApplicant?: number | null;
  medical_School?: number | null;
  paper_Type?: number | null;
  new_Amendment_Renewal?: number | null;
  typeOfTheStudy?: number | null;
  observationalDescriptive?: number | null;
  observationalAnalytic?: number | null;
  experimentalType?: number | null;
  experimentalTypeOfBlinding?: number | null;
  fundingSource?: number | null;
  isFinancialDisclousreMentioned?: number | null;
  department?: string | null;
  specializationId: number | null;
  specialization: { id: number; nameEn: string; nameAr: string } | null;
  keywords: string[] | null;
  abstract: string | null;
  answers: PaperFieldsInput['answers'] | null;
  files: ReviewerFile[];
  invitation: InvitationSummary;
}

export type SheetQuestion = SheetQuestionView;

export interface ReviewDraft {
  answers: Record<string, string>;
  commentForAuthor: string;
  commentForEditor: string;
  recommendation: number;
}

export interface ReviewSheet {
  invitation: InvitationSummary;
  questions: SheetQuestion[];
  draft: ReviewDraft | null;
  draftSavedAt: string | null;
}

export interface AttachmentRef {
  id: number;
  originalName: string;
  size?: number;
}

/** A submitted (or declined) review as its reader may read it; the editor's part is absent for the paper's author. */
export interface ReviewResult {
  status: number;
  reviewedAt: string | null;
  recommendation: number | null;
  answers:
    { questionEn: string; questionAr: string; groupEn: string; groupAr: string; type: number; answer: string }[] | null;
  commentForAuthor: string | null;
  authorAttachment: AttachmentRef | null;
  commentForEditor?: string | null;
  editorAttachment?: AttachmentRef | null;
  refusalCategory: string | null;
  refusalReason: string | null;
  suggestedReviewer: string | null;
}

/** What the server says after an accepted change. */
export interface Done {
  message: string;
}

export interface RefusalBody {
  category: RefusalCategory;
  reason: string;
  suggestion?: string;
}

export function useReviewerDashboard(slug: string, params: { status: ReviewerFilter; search: string; page: number }) {
  const query = new URLSearchParams({ status: params.status, page: String(params.page) });
  if (params.search) query.set('search', params.search);
  return useQuery({
    queryKey: [...reviewingKey(slug), 'dashboard', params],
    queryFn: () => api<ReviewerDashboard>(`${reviewingBase(slug)}?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * The paper as its reviewer reads it. `quiet`: a 404 is an answer, not an error page (someone with other roles too
 * asks first whether the paper is one they review).
 */
export function useReviewerPaper(slug: string, paperId: number, { quiet = false, enabled = true } = {}) {
  return useQuery({
    queryKey: [...reviewingKey(slug), 'paper', paperId],
    queryFn: () => api<ReviewerPaper>(`${reviewingBase(slug)}/papers/${paperId}`, { globalErrors: !quiet }),
    enabled,
    retry: quiet ? false : undefined,
  });
}

export const reviewerFileUrl = (slug: string, paperId: number, fileId: number) =>
  `${reviewingBase(slug)}/papers/${paperId}/files/${fileId}`;

/** A review's attachment, through the paper's review route (the reviewer, the editors, the decided paper's author). */
export const reviewFileUrl = (slug: string, paperId: number, invitationId: number, fileId: number) =>
  `${journalBase(slug)}/papers/${paperId}/reviews/${invitationId}/files/${fileId}`;

/** A change to one invitation; the dashboard, the paper and the sheet are read again whatever the answer. */
function useInvitationChange<Body>(slug: string, path: string, method: 'POST' | 'PUT' = 'POST') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, body }: { invitationId: number; body?: Body }) =>
      api<Done>(`${reviewingBase(slug)}/${invitationId}/${path}`, { method, body: body ?? {} }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewingKey(slug) }),
  });
}

export const useAcceptInvitation = (slug: string) => useInvitationChange<never>(slug, 'accept');
export const useRefuseInvitation = (slug: string) => useInvitationChange<RefusalBody>(slug, 'refuse');
export const useExtendDeadline = (slug: string) => useInvitationChange<{ deadline: string }>(slug, 'deadline');

export function useReviewSheet(slug: string, invitationId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewingKey(slug), 'sheet', invitationId],
    queryFn: () => api<ReviewSheet>(`${reviewingBase(slug)}/${invitationId}/sheet`),
    enabled,
    // The form reopens from the draft the server holds, never from a stale copy.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveReviewDraft(slug: string, invitationId: number) {
  return useMutation({
    mutationFn: (draft: ReviewDraft) =>
      api<{ draftSavedAt: string }>(`${reviewingBase(slug)}/${invitationId}/draft`, { method: 'PUT', body: draft }),
  });
}

export function useReviewResult(slug: string, invitationId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewingKey(slug), 'result', invitationId],
    queryFn: () => api<ReviewResult>(`${reviewingBase(slug)}/${invitationId}/result`),
    enabled,
  });
}

export interface ReviewSubmission {
  answers: Record<string, string>;
  commentForAuthor: string;
  commentForEditor: string;
  recommendation: number;
  attachForAuthor: File | null;
  attachForEditor: File | null;
}

/** POST reviewing/{id}/review as multipart: the fields as JSON in `review`, the two optional attachments. */
export function useSubmitReview(slug: string, invitationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachForAuthor, attachForEditor, ...review }: ReviewSubmission) => {
      const data = new FormData();
      data.append('review', JSON.stringify(review));
      if (attachForAuthor) data.append('attachForAuthor', attachForAuthor);
      if (attachForEditor) data.append('attachForEditor', attachForEditor);
      return postForm<Done>(`${reviewingBase(slug)}/${invitationId}/review`, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: reviewingKey(slug) }),
  });
}

// ── The invitation mail's signed links: no sign-in ─────────────────────────────────────────────────────────────

export interface InvitationLink {
  rId: string;
  pId: string;
  sig: string;
}

export interface LinkedInvitation {
  title: string;
  code: string | null;
  reviewerName: string;
  status: number;
  deadline: string | null;
  needsPassword: boolean;
  open: boolean;
}

const linkQuery = (link: InvitationLink) => new URLSearchParams({ ...link }).toString();
const linkBody = (link: InvitationLink) => ({ rId: Number(link.rId), pId: Number(link.pId), sig: link.sig });

export function useLinkedInvitation(slug: string, link: InvitationLink) {
  return useQuery({
    queryKey: ['invitation-link', slug, link],
    queryFn: () =>
      api<LinkedInvitation>(`${journalBase(slug)}/invitation-links?${linkQuery(link)}`, { globalErrors: false }),
    retry: false,
  });
}

export function useAcceptByLink(slug: string, link: InvitationLink) {
  return useMutation({
    mutationFn: (password: string | undefined) =>
      api<Done>(`${journalBase(slug)}/invitation-links/accept`, {
        method: 'POST',
        body: { ...linkBody(link), ...(password ? { password } : {}) },
        globalErrors: false,
      }),
  });
}

export function useRefuseByLink(slug: string, link: InvitationLink) {
  return useMutation({
    mutationFn: (body: RefusalBody) =>
      api<Done>(`${journalBase(slug)}/invitation-links/refuse`, {
        method: 'POST',
        body: { ...linkBody(link), ...body },
        globalErrors: false,
      }),
  });
}
