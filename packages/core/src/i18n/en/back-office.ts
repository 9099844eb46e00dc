import { archiveManagement } from './archive-management';
import { backoffice } from './backoffice';
import { bulkMail } from './bulk-mail';
import { customTabs } from './custom-tabs';
import { decisions } from './decisions';
import { doi } from './doi';
import { editorial } from './editorial';
import { journalExports } from './exports';
import { harvesting } from './harvesting';
import { health } from './health';
import { imports } from './imports';
import { issues } from './issues';
import { journalData } from './journal-data';
import { landing } from './landing';
import { mailTemplates } from './mail-templates';
import { notices } from './notices';
import { outbox } from './outbox';
import { paperLogs } from './paper-logs';
import { paymentSettings } from './payment-settings';
import { platform } from './platform';
import { papers } from './papers';
import { reviewSheet } from './review-sheet';
import { reviewing } from './reviewing';
import { slides } from './slides';
import { specializations } from './specializations';
import { submissions } from './submissions';
import { users } from './users';

/** The areas of the back office (dashboards, papers, the submission wizard), loaded with it by the web app. */
export const backOffice = {
  archiveManagement,
  backoffice,
  bulkMail,
  customTabs,
  decisions,
  doi,
  editorial,
  exports: journalExports,
  harvesting,
  health,
  imports,
  issues,
  journalData,
  landing,
  mailTemplates,
  notices,
  outbox,
  paperLogs,
  papers,
  paymentSettings,
  platform,
  reviewSheet,
  reviewing,
  slides,
  specializations,
  submissions,
  users,
};
