import { BACK_OFFICE_SCREENS } from '@journals/core/rules/permissions';

/** The archive management screens' addresses (spec 03 §2: /admin/ArchiveManagement, …/{vId}/{sId}/Papers, …/Papers/{pId}/Edit). */
export const archiveManagementPath = (slug: string) => `/${slug}/admin/${BACK_OFFICE_SCREENS.archiveManagement.path}`;
export const archiveIssuePapersPath = (slug: string, volume: number | string, issue: number | string) =>
  `${archiveManagementPath(slug)}/${volume}/${issue}/Papers`;
export const archivedPaperEditPath = (slug: string, paperId: number) =>
  `${archiveManagementPath(slug)}/Papers/${paperId}/Edit`;
