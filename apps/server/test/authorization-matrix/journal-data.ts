import { multipartForm } from '../papers';
import { type Entry, PANEL } from './entry';

/** The matrix rows of the journal data screen (issue 22 §2): the editor panel's, as the drawer's screen. */

const URL = '/api/journals/general/journal-data';

export const journalDataEntries: Entry[] = [
  { route: 'GET /api/journals/:slug/journal-data', allow: PANEL, ok: 200, request: () => ({ url: URL }) },
  // The sample saves the journal as it is (read as the journal manager, who may).
  {
    route: 'PUT /api/journals/:slug/journal-data',
    allow: PANEL,
    ok: 200,
    request: async ({ app }) => {
      const manager = await app.signedIn('editor@general.test');
      const { passwordSet: _set, images: _images, ...values } = (await manager.get(URL)).body;
      const form = multipartForm({ data: JSON.stringify({ ...values, codePrefix: values.codePrefix ?? '' }) });
      return { url: URL, body: form.payload, headers: form.headers };
    },
  },
];
