import { id } from '@journals/core/schemas/fields';
import { paperLogResponse, paperLogsQuery, paperLogsResponse } from '@journals/core/schemas/paper-logs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { signedInCaller } from '../../domain/journal-context';
import { documented } from '../../lib/openapi';
import { managedPaper } from '../../domain/paper-access';
import { logPage, logScope, paperLog } from './paper-logs.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const paperParams = slugParams.extend({ id });

/** The paper logs (issue 10 §3, spec 03 "Paper logs"): the journal's entries, and one paper's whole log. */
export function registerPaperLogRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['paper logs'];

  app.get(
    '/api/journals/:slug/paper-logs',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: paperLogsQuery,
        ...documented({ 200: paperLogsResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal, caller } = await signedInCaller(deps, request, request.params.slug);
      return logPage(db, logScope(journal, caller), request.query);
    },
  );

  app.get(
    '/api/journals/:slug/papers/:id/logs',
    { schema: { tags, params: paperParams, ...documented({ 200: paperLogResponse }, [401, 403, 404]) } },
    async (request) => {
      const { journal, caller } = await signedInCaller(deps, request, request.params.slug);
      return paperLog(db, await managedPaper(db, journal.id, caller, request.params.id));
    },
  );
}
