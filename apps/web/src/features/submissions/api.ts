import type { RegistrationInfo } from '@journals/core/schemas/journals';
import type { Profile } from '@journals/core/schemas/accounts';
import type { PaperFileKind } from '@journals/core/files';
import type { PaperFields } from '@journals/core/schemas/submissions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { useLanguage } from '../../lib/i18n';

/** One fetch function and one TanStack hook per submission endpoint (docs/decisions/0005-submission-api.md). */

export const papersBase = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/papers`;

export type DashboardFilter = 'all' | 'accepted' | 'rejected' | 'acceptedWithRevisions' | 'waiting' | 'published';
export const DASHBOARD_FILTERS: DashboardFilter[] = [
  'all',
  'accepted',
  'rejected',
  'acceptedWithRevisions',
  'waiting',
  'published',
];

export interface MyPaperRow {
  id: number;
  code: string | null;
  title: string;
  createdAt: string;
  submittedAt: string | null;
  status: number;
  statusDate: string | null;
}

export interface MyPapersResponse {
  items: MyPaperRow[];
  total: number;
  statistics: Record<DashboardFilter, number>;
}

export interface DraftRow {
  id: number;
  title: string;
  createdAt: string;
}

export interface PaperFile {
  id: number;
  kind: PaperFileKind;
  originalName: string;
}

export interface FinalDecision {
  decision: number;
  comments: string | null;
  date?: string | null;
  /** The decision's attachment, downloaded through the paper's file route. */
  attachment?: PaperFile | null;
}

/** GET papers/{id}: the paper's fields (the wizard's names), its people, files and state. */
export type PaperDetail = PaperFields & {
  id: number;
  code: string | null;
  status: number;
  version?: number | null;
  createdAt: string;
  submittedAt?: string | null;
  statusDate?: string | null;
  creatorId: number | null;
  parentPaperId?: number | null;
  /** An older version after its resubmission. */
  superseded?: boolean;
  revisionDeadline?: string | null;
  files: PaperFile[];
  payment?: { due: boolean; amount?: string | null } | null;
  /** The at-publish fee of an accepted paper (issue 21 §1). */
  publishPayment?: { due: boolean; amount?: string | null } | null;
  uploadPaid: boolean;
  finalDecision?: FinalDecision | null;
  /** The issue the paper is assigned to, and its final file (open to anyone). */
  issue?: { volume: number; issue: string; publishMonth: string } | null;
  finalFile?: PaperFile | null;
  /** The caller runs this paper's review (core paperRelation, decided by the server per paper). */
  managedByYou?: boolean;
};

export interface HistoryReviewer {
  fullName?: string;
  /** The invitation status (1 invited … 4 declined). */
  status: number;
  /** The reviewer's recommendation (4–8), or null. */
  decision?: number | null;
  reviewedAt?: string | null;
}

export interface HistoryEntry {
  id: number;
  code: string | null;
  version?: number | null;
  createdAt: string;
  submittedAt?: string | null;
  status: number;
  files: PaperFile[];
  /** The version's reviewers: named to those who run the review, else the finished reviews of a decided version. */
  reviewers?: HistoryReviewer[];
  finalDecision?: FinalDecision | null;
}

export function useMyPapers(slug: string, params: { status: DashboardFilter; search: string; page: number }) {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.status !== 'all') query.set('status', params.status);
  if (params.search) query.set('search', params.search);
  return useQuery({
    queryKey: ['papers', slug, 'mine', params],
    queryFn: () => api<MyPapersResponse>(`${papersBase(slug)}/mine?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useDrafts(slug: string) {
  return useQuery({
    queryKey: ['papers', slug, 'drafts'],
    queryFn: () => api<{ items: DraftRow[] }>(`${papersBase(slug)}/drafts`),
  });
}

export function useDeleteDraft(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`${papersBase(slug)}/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['papers', slug] }),
  });
}

export function usePaper(slug: string, id: number | null) {
  return useQuery({
    queryKey: ['papers', slug, 'paper', id],
    queryFn: () => api<PaperDetail>(`${papersBase(slug)}/${id}`),
    enabled: id !== null,
  });
}

export function useCreateDraft(slug: string) {
  return useMutation({
    mutationFn: (body: unknown) => api<{ id: number }>(papersBase(slug), { method: 'POST', body }),
  });
}

export function useSaveDraft(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: unknown }) =>
      api<unknown>(`${papersBase(slug)}/${id}`, { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['papers', slug] }),
  });
}

export function useSubmitPaper(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: unknown }) =>
      api<unknown>(`${papersBase(slug)}/${id}/submit`, { method: 'POST', body }),
    // Not awaited: the wizard leaves at once, and must not see its own paper turn non-editable first.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['papers', slug] }),
  });
}

export function useRemoveFile(slug: string) {
  return useMutation({
    mutationFn: ({ paperId, fileId }: { paperId: number; fileId: number }) =>
      api<void>(`${papersBase(slug)}/${paperId}/files/${fileId}`, { method: 'DELETE' }),
  });
}

export const fileUrl = (slug: string, paperId: number, fileId: number) =>
  `${papersBase(slug)}/${paperId}/files/${fileId}`;

/** A file of an original proposal, through the route that also admits readers of a citing amendment. */
export const originalFileUrl = (slug: string, code: string, fileId: number) =>
  `${papersBase(slug)}/original/${encodeURIComponent(code)}/files/${fileId}`;

export const finalFileUrl = (slug: string, paperId: number) => `${papersBase(slug)}/${paperId}/final-file`;

/** The ethics form in the interface's language (without `lang` the server would follow the browser's). */
export const ethicsFormUrl = (slug: string, paperId: number, language: string) =>
  `${papersBase(slug)}/${paperId}/ethics-form.pdf?lang=${language}`;

export function usePaperHistory(slug: string, id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['papers', slug, 'history', id],
    queryFn: () => api<{ items: HistoryEntry[] }>(`${papersBase(slug)}/${id}/history`),
    enabled,
  });
}

export function useMailStaff(slug: string) {
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      api<unknown>(`${papersBase(slug)}/${id}/mail-staff`, { method: 'POST', body: { message } }),
  });
}

export function useOriginalProposal(slug: string, code: string) {
  return useQuery({
    queryKey: ['papers', slug, 'original', code],
    queryFn: () => api<PaperDetail>(`${papersBase(slug)}/original/${encodeURIComponent(code)}`),
  });
}

/** Starts (or resumes) the payment of a paper's fee: at upload, or at publish (issue 21 §1). */
export function useStartPayment(slug: string, purpose: 'upload' | 'publish' = 'upload') {
  return useMutation({
    mutationFn: (paperId: number) =>
      api<{ paymentUrl: string; reference: string }>(`/api/journals/${encodeURIComponent(slug)}/payments`, {
        method: 'POST',
        body: { purpose, paperId },
      }),
  });
}

/** The logged-in user's profile: the first author of a new paper. */
export function useMyProfile(slug: string) {
  return useQuery({
    queryKey: ['profile', slug],
    queryFn: () => api<Profile>(`/api/journals/${encodeURIComponent(slug)}/profile`),
  });
}

/** The journal's specializations with their keywords (the registration endpoint). */
export function useSpecializations(slug: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['registration-info', slug, language],
    queryFn: () => api<RegistrationInfo>(`/api/journals/${encodeURIComponent(slug)}/auth/register`),
    staleTime: 5 * 60_000,
  });
}
