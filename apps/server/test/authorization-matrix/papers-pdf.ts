import { type Entry, PAPER_READERS } from './entry';

/** The matrix rows of the ethics form. */

export const papersPdfEntries: Entry[] = [
  // The ethics form of an accepted paper of researcher@general.test.
  {
    route: 'GET /api/journals/:slug/papers/:id/ethics-form.pdf',
    allow: PAPER_READERS,
    denied: 404,
    ok: 200,
    request: async ({ payable }) => ({
      url: `/api/journals/general/papers/${(await payable()).acceptedId}/ethics-form.pdf`,
    }),
  },
];
