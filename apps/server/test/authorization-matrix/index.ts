import { accountsEntries } from './accounts';
import { archiveEntries } from './archive';
import { archiveManagementEntries } from './archive-management';
import { decisionsEntries } from './decisions';
import { doisEntries } from './dois';
import { editorialEntries } from './editorial';
import { exportsEntries } from './exports';
import { fullTextEntries } from './full-text';
import { harvestingEntries } from './harvesting';
import { importsEntries } from './imports';
import { issuesEntries } from './issues';
import { journalDataEntries } from './journal-data';
import type { Entry } from './entry';
import { journalsEntries } from './journals';
import { noticeFilesEntries } from './notice-files';
import { noticesEntries } from './notices';
import { paperLogsEntries } from './paper-logs';
import { papersPdfEntries } from './papers-pdf';
import { paymentsEntries } from './payments';
import { reviewingEntries } from './reviewing';
import { searchEntries } from './search';
import { customTabsEntries } from './custom-tabs';
import { slidesEntries } from './slides';
import { bulkMailEntries } from './bulk-mail';
import { mailTemplatesEntries } from './mail-templates';
import { outboxEntries } from './outbox';
import { platformEntries } from './platform';
import { reviewQuestionsEntries } from './review-questions';
import { specializationsEntries } from './specializations';
import { submissionsEntries } from './submissions';
import { systemEntries } from './system';
import { usersEntries } from './users';
import { invitationEntries } from './users-accounts';

/**
 * THE AUTHORIZATION MATRIX (DESIGN §3, §9): every route of the app, with the callers that may call it. Each
 * route is called as every caller (authorization.test.ts); allowed callers never get 401/403, the others get 401
 * (guest) or 403/404 (signed in without the right, or a member of another journal). A registered route missing
 * from the matrix fails that test, so a new route cannot ship without deciding who may call it. The route fuzzer
 * (fuzz.test.ts) reads the same rows.
 */

export * from './entry';
export { setUpMatrix } from './fixture';
export { ACCOUNT_CASES, accountTargets, renameBody } from './users-accounts';

/** Every route of the app with its callers, area by area, in the order the routes are called. */
export const MATRIX: Entry[] = [
  ...systemEntries,
  ...journalsEntries,
  ...accountsEntries,
  ...submissionsEntries,
  ...paymentsEntries,
  ...doisEntries,
  ...noticesEntries,
  ...noticeFilesEntries,
  ...papersPdfEntries,
  ...reviewingEntries,
  ...editorialEntries,
  ...paperLogsEntries,
  ...usersEntries,
  ...invitationEntries,
  ...journalDataEntries,
  ...specializationsEntries,
  ...reviewQuestionsEntries,
  ...customTabsEntries,
  ...slidesEntries,
  ...outboxEntries,
  ...mailTemplatesEntries,
  ...bulkMailEntries,
  ...platformEntries,
  ...issuesEntries,
  ...decisionsEntries,
  ...archiveEntries,
  ...searchEntries,
  ...harvestingEntries,
  ...fullTextEntries,
  ...archiveManagementEntries,
  ...importsEntries,
  ...exportsEntries,
];
