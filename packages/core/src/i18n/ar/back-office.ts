import type { Catalogue } from '../catalogue';
import { backoffice } from './backoffice';
import { decisions } from './decisions';
import { editorial } from './editorial';
import { paperLogs } from './paper-logs';
import { papers } from './papers';
import { reviewing } from './reviewing';
import { submissions } from './submissions';

/** The areas of the back office (dashboards, papers, the submission wizard), loaded with it by the web app. */
export const backOffice: Pick<
  Catalogue,
  'backoffice' | 'decisions' | 'editorial' | 'paperLogs' | 'papers' | 'reviewing' | 'submissions'
> = {
  backoffice,
  decisions,
  editorial,
  paperLogs,
  papers,
  reviewing,
  submissions,
};
