import { id } from '@journals/core/schemas/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { journalContext, requireUser } from '../../domain/journal-context';
import { documented, file } from '../../lib/openapi';
import { ethicsFormPdf, formLanguage } from './ethics-form.service';
import { PdfRenderer } from './pdf-renderer';

/** The ethics form PDF (spec 02 §2, §7 fill-image); one Chromium per process, closed with the app. */
export function registerPapersPdfRoutes(root: FastifyInstance, deps: Deps, renderer = new PdfRenderer()) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => renderer.close());

  app.get(
    '/api/journals/:slug/papers/:id/ethics-form.pdf',
    {
      preValidation: async (request: FastifyRequest) => void requireUser(request),
      config: { rateLimit: { max: deps.config.RATE_LIMIT_COSTLY, timeWindow: '1 minute' } },
      schema: {
        tags: ['papers'],
        params: z.object({ slug: z.string().min(1).max(60), id }),
        querystring: z.object({ lang: z.string().max(5).optional() }),
        ...documented(
          { 200: file('The ethics form of the paper, in the language asked for.', ['application/pdf']) },
          [401, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { journal, actor } = await journalContext(deps, request, request.params.slug);
      const language = formLanguage(request.query.lang, request.language);
      const { pdf, fileName } = await ethicsFormPdf(
        deps,
        renderer,
        journal,
        actor,
        user.id,
        request.params.id,
        language,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
