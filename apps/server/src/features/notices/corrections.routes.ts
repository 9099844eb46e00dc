import { translate } from '@journals/core/i18n/index';
import { id } from '@journals/core/schemas/fields';
import { noticeView } from '@journals/core/schemas/notices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { correctionForm } from './corrected-file';
import { publishNotice } from './notices.service';

/**
 * A correction with its corrected file (issue 46 §2, decision 0089), for the journal's editors who manage issues
 * (screen `issues`): the file becomes the paper's version of record, the earlier one stays readable. A correction
 * without a file is published as any notice is (POST …/notices, JSON). Registered among the routes that take files.
 */
export function registerCorrectionRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // multipart/form-data: `notice` (the JSON of core noticeRequest; its kind is a correction) and `correctedFile`.
  app.post(
    '/api/journals/:slug/papers/:paperId/corrections',
    {
      schema: {
        tags: ['notices'],
        summary: 'Publishes a correction of a published paper with its corrected PDF, the new version of record.',
        params: z.object({ slug: z.string(), paperId: id }),
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ notice: noticeView, messageKey: z.string(), message: z.string() }) },
        ...documented({}, [400, 401, 403, 404, 409, 413, 415]),
      },
    },
    async (request, reply) => {
      // Who may is checked before the file is read: 401 for a guest, 403 for anyone but the journal's editors.
      const { journal, user } = await screenCaller(deps, request, request.params.slug, 'issues');
      const { body, upload } = await correctionForm(request);
      const notice = await publishNotice(deps, journal, user.id, request.params.paperId, body, upload);
      return reply
        .code(201)
        .send({ notice, messageKey: 'notices.published', message: translate(request.language, 'notices.published') });
    },
  );
}
