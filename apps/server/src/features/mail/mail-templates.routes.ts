import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import {
  mailPreviewRequest,
  mailPreviewResponse,
  mailTemplateRequest,
  mailTemplatesResponse,
  mailTemplateType,
} from '@journals/core/schemas/mail-templates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { mailTemplateList, previewMailTemplate, saveMailTemplate } from './mail-templates.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const typeParams = slugParams.extend({ type: mailTemplateType });

/** The mail-templates screen (spec 03 "Mail template", issue 22 §3): the editor panel's people, as the drawer's. */
export function registerMailTemplateRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const base = '/api/journals/:slug/mail-templates';

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: mailTemplatesResponse }, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'mailContent');
      return mailTemplateList(deps, journal);
    },
  );

  app.put(
    `${base}/:type`,
    {
      schema: {
        tags,
        params: typeParams,
        body: mailTemplateRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'mailContent');
      await saveMailTemplate(deps, journal, request.params.type, request.body);
      return { messageKey: 'mailTemplates.saved', message: translate(request.language, 'mailTemplates.saved') };
    },
  );

  app.post(
    `${base}/:type/preview`,
    {
      schema: {
        tags,
        params: typeParams,
        body: mailPreviewRequest,
        ...documented({ 200: mailPreviewResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal, user } = await screenCaller(deps, request, request.params.slug, 'mailContent');
      return previewMailTemplate(deps, journal, user, request.params.type, request.body);
    },
  );
}
