import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import { outboxQuery, outboxResponse } from '@journals/core/schemas/outbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { outboxPage, retryMail } from './outbox.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/** The journal's outbox screen (issue 22 §3): the editor panel's people, as the drawer's screen. */
export function registerOutboxRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];

  app.get(
    '/api/journals/:slug/outbox',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: outboxQuery,
        ...documented({ 200: outboxResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'outbox');
      return outboxPage(deps, journal, request.query);
    },
  );

  app.post(
    '/api/journals/:slug/outbox/:id/retry',
    {
      schema: {
        tags,
        params: slugParams.extend({ id }),
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'outbox');
      await retryMail(deps, journal, request.params.id);
      return { messageKey: 'outbox.retried', message: translate(request.language, 'outbox.retried') };
    },
  );

  // The platform administrator's outbox across journals (issue 22 §4): the same screen, every journal's messages.
  app.get(
    '/api/journals/:slug/platform/outbox',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: outboxQuery,
        ...documented({ 200: outboxResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformOutbox');
      return outboxPage(deps, null, request.query);
    },
  );

  app.post(
    '/api/journals/:slug/platform/outbox/:id/retry',
    {
      schema: {
        tags,
        params: slugParams.extend({ id }),
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformOutbox');
      await retryMail(deps, null, request.params.id);
      return { messageKey: 'outbox.retried', message: translate(request.language, 'outbox.retried') };
    },
  );
}
