import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/**
 * The review of a paper as those who run it see it on the paper page (spec 02 §2, §5; the server's
 * reviewing/editor-review routes): one fetch function and one TanStack hook per endpoint. Every key starts with
 * ['papers', slug], so a change refreshes the paper page too.
 */

const paperBase = (slug: string, paperId: number) => `/api/journals/${encodeURIComponent(slug)}/papers/${paperId}`;

/** GET reviewers: an invitation on the paper, as those who run the review read it. */
export interface Invitation {
  id: number;
  reviewerId: number;
  fullName: string;
  email: string;
  externalReviewer: boolean;
  /** 1 invited, 2 accepted (in review), 3 reviewed, 4 declined (REVIEW_STATUS). */
  status: number;
  invitedAt: string;
  deadline: string;
  oldDeadline: string | null;
  deadlineChanged: boolean;
  reviewedAt: string | null;
  recommendation: number;
  refusalCategory: string | null;
  refusalReason: string;
  suggestedReviewer: string;
}

/** GET reviewer-candidates: a reviewer of the specialization with their current load. */
export interface Candidate {
  id: number;
  fullName: string;
  email: string;
  workPlace: string;
  externalReviewer: boolean;
  openInvitations: number;
  recentReviews: number;
  medianDays: number | null;
  suggested: boolean;
  addedBefore: boolean;
  match: number;
  conflict: null | 'author' | 'workplace';
}

export interface StoredFile {
  id: number;
  originalName: string;
}

/** One answer of a finished sheet, kept with its question's texts. */
export interface ReviewAnswer {
  questionId: number;
  groupEn?: string;
  groupAr?: string;
  questionEn: string;
  questionAr: string;
  type: number;
  answer: string;
}

/** GET reviews/{invitationId}: the review as those who run the paper read it. */
export interface ReviewResult {
  id: number;
  status: number;
  reviewedAt: string | null;
  recommendation: number;
  answers: ReviewAnswer[];
  commentForAuthor: string;
  authorAttachment: StoredFile | null;
  commentForEditor?: string;
  editorAttachment?: StoredFile | null;
}

/** GET reviewer-comments: a comment for the author, numbered, never with a name. */
export interface ReviewerComment {
  id: number;
  number: number;
  commentForAuthor: string;
  attachment: StoredFile | null;
  reviewedAt: string | null;
}

export interface InviteBody {
  specializationId: number;
  reviewerId?: number;
  newReviewer?: { fullName: string; email: string };
  deadline: string;
  confirmConflict?: boolean;
}

const keyOf = (slug: string, ...rest: unknown[]) => ['papers', slug, ...rest];

export const reviewFileUrl = (slug: string, paperId: number, invitationId: number, fileId: number) =>
  `${paperBase(slug, paperId)}/reviews/${invitationId}/files/${fileId}`;

export function useReviewers(slug: string, paperId: number, enabled = true) {
  return useQuery({
    queryKey: keyOf(slug, 'reviewers', paperId),
    queryFn: () => api<{ items: Invitation[] }>(`${paperBase(slug, paperId)}/reviewers`),
    enabled,
  });
}

export function useCandidates(slug: string, paperId: number, specializationId: number | null, search: string) {
  const query = new URLSearchParams({ specializationId: String(specializationId ?? '') });
  if (search.trim()) query.set('search', search.trim());
  return useQuery({
    queryKey: keyOf(slug, 'candidates', paperId, specializationId, search.trim()),
    queryFn: () =>
      api<{ items: Candidate[]; total: number }>(`${paperBase(slug, paperId)}/reviewer-candidates?${query}`),
    enabled: specializationId !== null,
  });
}

/** A mutation that refreshes the paper and everything about it once it has answered. */
function usePaperMutation<Input, Output>(slug: string, run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ['papers', slug] }),
  });
}

export function useInviteReviewer(slug: string, paperId: number) {
  return usePaperMutation(slug, (body: InviteBody) =>
    api<{ id: number; paperStatus: number; message: string }>(`${paperBase(slug, paperId)}/reviewers`, {
      method: 'POST',
      body,
    }),
  );
}

export function useRemoveReviewer(slug: string, paperId: number) {
  return usePaperMutation(slug, (invitationId: number) =>
    api<void>(`${paperBase(slug, paperId)}/reviewers/${invitationId}`, { method: 'DELETE' }),
  );
}

export function useChangeDeadline(slug: string, paperId: number) {
  return usePaperMutation(slug, ({ invitationId, deadline }: { invitationId: number; deadline: string }) =>
    api<{ message: string }>(`${paperBase(slug, paperId)}/reviewers/${invitationId}/deadline`, {
      method: 'PUT',
      body: { deadline },
    }),
  );
}

export function useReviewResult(slug: string, paperId: number, invitationId: number | null) {
  return useQuery({
    queryKey: keyOf(slug, 'review', paperId, invitationId),
    queryFn: () => api<ReviewResult>(`${paperBase(slug, paperId)}/reviews/${invitationId}`),
    enabled: invitationId !== null,
  });
}

export function useReviewerComments(slug: string, paperId: number, enabled: boolean) {
  return useQuery({
    queryKey: keyOf(slug, 'reviewer-comments', paperId),
    queryFn: () => api<{ decided: boolean; items: ReviewerComment[] }>(`${paperBase(slug, paperId)}/reviewer-comments`),
    enabled,
  });
}
