import { translate } from '@journals/core/i18n/index';
import {
  noticePageParams,
  noticePageResponse,
  noticeRequest,
  noticesResponse,
  noticeView,
} from '@journals/core/schemas/notices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '@journals/core/schemas/fields';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { sendWire } from '../../lib/cache';
import { documented, notModified } from '../../lib/openapi';
import { noticeWire } from './notice-page';
import { paperNoticesOf, publishNotice } from './notices.service';

/**
 * Notices about published papers (issue 46 §2, decision 0087), for the editors who manage issues (screen `issues`):
 * a paper's notices, and a notice published. The public reads them with the paper (archive.service), and each on
 * its own page (decision 0088).
 */
export function registerNoticeRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];
  const params = z.object({ slug: z.string(), paperId: id });
  const path = '/api/journals/:slug/papers/:paperId/notices';

  app.get(
    '/api/journals/:slug/archive/notices/:id',
    {
      schema: {
        tags,
        params: noticePageParams,
        response: { 200: noticePageResponse },
        ...documented({ 304: notModified }, [400, 404]),
      },
    },
    async (request, reply) => sendWire(request, reply, await noticeWire(deps, request.params.slug, request.params.id)),
  );

  app.get(
    path,
    { schema: { tags, params, response: { 200: noticesResponse }, ...documented({}, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'issues');
      return { notices: await paperNoticesOf(deps.db, journal, request.params.paperId) };
    },
  );

  app.post(
    path,
    {
      // Who may is checked before the body: 401 for a guest, 403 for anyone but the journal's editors, then 400.
      preValidation: async (request) => {
        await screenCaller(deps, request, (request.params as { slug: string }).slug, 'issues');
      },
      schema: {
        tags,
        params,
        body: noticeRequest,
        response: { 201: z.object({ notice: noticeView, messageKey: z.string(), message: z.string() }) },
        ...documented({}, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, user } = await screenCaller(deps, request, request.params.slug, 'issues');
      const notice = await publishNotice(deps, journal, user.id, request.params.paperId, request.body);
      return reply
        .code(201)
        .send({ notice, messageKey: 'notices.published', message: translate(request.language, 'notices.published') });
    },
  );
}
