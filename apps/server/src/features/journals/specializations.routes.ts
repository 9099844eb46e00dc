import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import {
  specializationRequest,
  specializationRow,
  specializationsResponse,
  specializationUsage,
} from '@journals/core/schemas/specializations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import {
  addSpecialization,
  deleteSpecialization,
  editSpecialization,
  listSpecializations,
  specializationUsage as usageOf,
} from './specializations.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const itemParams = slugParams.extend({ id });

/** Who edits the specializations (issue 22 §5): the editor panel's people, as the drawer's screen. */
const keywordsEditor = async (deps: Deps, request: FastifyRequest, slug: string) =>
  (await screenCaller(deps, request, slug, 'keywords')).journal;

/** The specializations and keywords screen (spec 03, issue 22 §2). */
export function registerSpecializationRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal settings'];
  const base = '/api/journals/:slug/specializations';

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: specializationsResponse }, [401, 403, 404]) } },
    async (request) => ({
      items: await listSpecializations(deps, await keywordsEditor(deps, request, request.params.slug)),
    }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: slugParams,
        body: specializationRequest,
        ...documented({ 201: specializationRow }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const journal = await keywordsEditor(deps, request, request.params.slug);
      reply.code(201);
      return addSpecialization(deps, journal, request.body);
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: itemParams,
        body: specializationRequest,
        ...documented({ 200: specializationRow }, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      editSpecialization(
        deps,
        await keywordsEditor(deps, request, request.params.slug),
        request.params.id,
        request.body,
      ),
  );

  // What a delete would touch, asked before it (the confirmation warns when the specialization is in use).
  app.get(
    `${base}/:id/usage`,
    { schema: { tags, params: itemParams, ...documented({ 200: specializationUsage }, [400, 401, 403, 404]) } },
    async (request) => usageOf(deps, await keywordsEditor(deps, request, request.params.slug), request.params.id),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: itemParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      await deleteSpecialization(deps, await keywordsEditor(deps, request, request.params.slug), request.params.id);
      return { messageKey: 'specializations.deleted', message: translate(request.language, 'specializations.deleted') };
    },
  );
}
