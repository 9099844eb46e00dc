import { type Entry, PANEL } from './entry';

/** The matrix rows of the mail-templates screen (issue 22 §3): the editor panel's. */

const BASE = '/api/journals/general/mail-templates';
const body = {
  enTitle: '{_Board_Title_}: a paper of yours',
  arTitle: '{_Board_Title_}: بحث لكم',
  enContent: '<p>Dear {_User_Name_}, about {_Proposal_Title_}.</p>',
  arContent: '<p>السيد/ة {_User_Name_}، بخصوص {_Proposal_Title_}.</p>',
};

export const mailTemplatesEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/mail-templates', allow: PANEL, ok: 200, request: () => ({ url: BASE }) },
  {
    route: 'PUT /api/journals/:slug/mail-templates/:type',
    allow: PANEL,
    ok: 200,
    request: () => ({ url: `${BASE}/reviewerRemoved`, body }),
  },
  {
    route: 'POST /api/journals/:slug/mail-templates/:type/preview',
    allow: PANEL,
    ok: 200,
    request: () => ({
      url: `${BASE}/reviewerRemoved/preview`,
      body: { language: 'en', title: 'x', content: '<p>x</p>' },
    }),
  },
];
