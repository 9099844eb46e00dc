import { archivePaperParams } from '@journals/core/schemas/archive';
import { fullTextAccessQuery, fullTextAccessResponse } from '@journals/core/schemas/full-text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countReader } from '../../domain/published-papers';
import { journalContext } from '../../domain/journal-context';
import { dailyVisitor, isCrawler } from '../../lib/daily-visitor';
import type { Deps } from '../../lib/deps';
import { contentDisposition } from '../../lib/downloads';
import { NotFoundError } from '../../lib/errors';
import { documented, file } from '../../lib/openapi';
import { accessAnswer, readableFullText } from './full-text.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const pdf = file('The published paper’s final PDF, inline under a neutral name.', ['application/pdf']);
const earlierPdf = file('An earlier version of the paper’s PDF, inline under a neutral name.', ['application/pdf']);

/**
 * A published paper's full text and the caller's access to full texts (issue 21 §3 "Paid download",
 * docs/decisions/0033). Never cached by the server: the answer depends on who asks.
 */
export function registerFullTextRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['archive'];

  const callerOf = async (request: Parameters<typeof journalContext>[1], slug: string) => {
    const { journal, actor } = await journalContext(deps, request, slug);
    return { journal, caller: { actor, userId: request.user?.id ?? null } };
  };

  /** Sends the paper's version of record, or an earlier version (decision 0089), on the paper's access terms. */
  const sendFullText = async (
    request: FastifyRequest<{ Params: { slug: string; id: number } }>,
    reply: FastifyReply,
    version?: number,
  ) => {
    const { journal, caller } = await callerOf(request, request.params.slug);
    const text = await readableFullText(db, journal, caller, request.params.id, version);
    const stored = await deps.storage.get(text.storageKey);
    if (!stored) throw NotFoundError();
    const userAgent = request.headers['user-agent'];
    await countReader(db, {
      journalId: journal.id,
      paperId: request.params.id,
      kind: 'download',
      visitor: isCrawler(userAgent) ? null : dailyVisitor(deps.config.SECRET, { ip: request.ip, userAgent }),
    });
    return reply
      .header('content-type', text.mimeType)
      .header('content-length', stored.size)
      .header('content-disposition', contentDisposition(text.name.shown, 'inline', text.name.ascii))
      .header('cache-control', text.open ? 'public, max-age=300' : 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stored.stream);
  };

  app.get(
    '/api/journals/:slug/archive/papers/:id/pdf',
    { schema: { tags, params: archivePaperParams, ...documented({ 200: pdf }, [403, 404]) } },
    async (request, reply) => sendFullText(request, reply),
  );

  app.get(
    '/api/journals/:slug/archive/papers/:id/versions/:version/pdf',
    {
      schema: {
        tags,
        summary: 'An earlier version of the paper, replaced by a correction’s corrected file (oldest is 1).',
        params: archivePaperParams.extend({ version: z.coerce.number().int().min(1).max(1000) }),
        ...documented({ 200: earlierPdf }, [400, 403, 404]),
      },
    },
    async (request, reply) => sendFullText(request, reply, request.params.version),
  );

  app.get(
    '/api/journals/:slug/archive/access',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: fullTextAccessQuery,
        response: { 200: fullTextAccessResponse },
        ...documented({}, [404]),
      },
    },
    async (request, reply) => {
      const { journal, caller } = await callerOf(request, request.params.slug);
      reply.header('cache-control', 'private, no-store');
      return accessAnswer(db, journal, caller, request.query.paperId);
    },
  );
}
