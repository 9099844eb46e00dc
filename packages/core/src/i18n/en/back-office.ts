import { backoffice } from './backoffice';
import { decisions } from './decisions';
import { papers } from './papers';
import { reviewing } from './reviewing';
import { submissions } from './submissions';

/** The areas of the back office (dashboards, papers, the submission wizard), loaded with it by the web app. */
export const backOffice = { backoffice, decisions, papers, reviewing, submissions };
