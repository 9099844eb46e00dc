import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { journalDataResponse } from '@journals/core/schemas/journal-data';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { journalData, readJournalDataForm, saveJournalData } from './journal-data.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/** Who edits the journal data (issue 22 §5): the editor panel's people, as the drawer's screen. */
const journalEditor = (deps: Deps, request: FastifyRequest, slug: string) =>
  screenCaller(deps, request, slug, 'journalData');

/** The journal data screen (spec 03 §3, issue 22 §2): its values, and one save of them with the images. */
export function registerJournalDataRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal settings'];

  app.get(
    '/api/journals/:slug/journal-data',
    { schema: { tags, params: slugParams, ...documented({ 200: journalDataResponse }, [401, 403, 404]) } },
    async (request) => {
      await journalEditor(deps, request, request.params.slug);
      return journalData(deps, request.params.slug);
    },
  );

  // multipart/form-data: `data` (the JSON of core journalDataRequest) and the files logo, coverEn, coverAr.
  app.put(
    '/api/journals/:slug/journal-data',
    {
      schema: {
        tags,
        params: slugParams,
        consumes: ['multipart/form-data'],
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 413, 415]),
      },
    },
    async (request) => {
      await journalEditor(deps, request, request.params.slug);
      await saveJournalData(deps, request.params.slug, await readJournalDataForm(request));
      return { messageKey: 'journalData.saved', message: translate(request.language, 'journalData.saved') };
    },
  );
}
