import { BACK_OFFICE_SCREENS } from '@journals/core/rules/permissions';

/** The issues screens' addresses (spec 03 §2: /admin/IssuesManagement and …/paperIssue/{id}). */
export const issuesPath = (slug: string) => `/${slug}/admin/${BACK_OFFICE_SCREENS.issues.path}`;
export const issuePapersPath = (slug: string, issueId: number) => `${issuesPath(slug)}/paperIssue/${issueId}`;
