import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import {
  doiDepositsResponse,
  doiDepositView,
  doiSettingsRequest,
  doiSettingsResponse,
} from '@journals/core/schemas/doi';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { depositAgain, doiSettings, issueDeposits, paperDeposit, saveDoiSettings } from './doi-settings.service';

/**
 * DOI registration (issue 46 §1, decision 0086): the journal manager's settings (screen `doiRegistration`), and for
 * the editors who manage issues (screen `issues`) the deposits of an issue's papers and a deposit sent again.
 */
export function registerDoiRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['dois'];
  const slugParams = z.object({ slug: z.string() });
  const settingsPath = '/api/journals/:slug/doi-settings';

  app.get(
    settingsPath,
    {
      schema: { tags, params: slugParams, response: { 200: doiSettingsResponse }, ...documented({}, [401, 403, 404]) },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'doiRegistration');
      return doiSettings(deps, journal);
    },
  );

  app.put(
    settingsPath,
    {
      // Who may is checked before the body: 401 for a guest, 403 for anyone but the journal's managers, then 400.
      preValidation: async (request) => {
        await screenCaller(deps, request, (request.params as { slug: string }).slug, 'doiRegistration');
      },
      schema: {
        tags,
        params: slugParams,
        body: doiSettingsRequest,
        response: { 200: messageResponse },
        ...documented({}, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'doiRegistration');
      await saveDoiSettings(deps, journal, request.body);
      return { messageKey: 'doi.saved', message: translate(request.language, 'doi.saved') };
    },
  );

  app.get(
    '/api/journals/:slug/issues/:id/dois',
    {
      schema: {
        tags,
        params: z.object({ slug: z.string(), id: z.coerce.number().int().positive() }),
        response: { 200: doiDepositsResponse },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'issues');
      return { deposits: await issueDeposits(deps.db, journal, request.params.id) };
    },
  );

  app.get(
    '/api/journals/:slug/papers/:paperId/doi-deposit',
    {
      schema: {
        tags,
        params: z.object({ slug: z.string(), paperId: z.coerce.number().int().positive() }),
        response: { 200: z.object({ deposit: doiDepositView.nullable() }) },
        ...documented({}, [401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'issues');
      return { deposit: await paperDeposit(deps.db, journal, request.params.paperId) };
    },
  );

  app.post(
    '/api/journals/:slug/papers/:paperId/doi-deposit',
    {
      schema: {
        tags,
        params: z.object({ slug: z.string(), paperId: z.coerce.number().int().positive() }),
        response: { 202: z.object({ deposit: doiDepositView }) },
        ...documented({}, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'issues');
      return reply.code(202).send({ deposit: await depositAgain(deps, journal, request.params.paperId) });
    },
  );
}
