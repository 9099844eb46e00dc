import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import {
  reviewQuestionOrderRequest,
  reviewQuestionRequest,
  reviewQuestionRow,
  reviewQuestionsResponse,
} from '@journals/core/schemas/review-sheet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import {
  addReviewQuestion,
  deleteReviewQuestion,
  editReviewQuestion,
  listReviewQuestions,
  reorderReviewQuestions,
} from './review-questions.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const itemParams = slugParams.extend({ id });

/** Who edits the review sheet (issue 22 §5): the editor panel's people, as the drawer's screen. */
const sheetEditor = async (deps: Deps, request: FastifyRequest, slug: string) =>
  (await screenCaller(deps, request, slug, 'reviewSheet')).journal;

/** The review-sheet questions screen (spec 03 "Sheet question", §5; issue 22 §2). */
export function registerReviewQuestionRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['journal settings'];
  const base = '/api/journals/:slug/review-questions';

  app.get(
    base,
    { schema: { tags, params: slugParams, ...documented({ 200: reviewQuestionsResponse }, [401, 403, 404]) } },
    async (request) => ({
      items: await listReviewQuestions(deps, await sheetEditor(deps, request, request.params.slug)),
    }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        params: slugParams,
        body: reviewQuestionRequest,
        ...documented({ 201: reviewQuestionRow }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const journal = await sheetEditor(deps, request, request.params.slug);
      reply.code(201);
      return addReviewQuestion(deps, journal, request.body);
    },
  );

  // Declared before `/:id` so that "order" is never read as an id.
  app.put(
    `${base}/order`,
    {
      schema: {
        tags,
        params: slugParams,
        body: reviewQuestionOrderRequest,
        ...documented({ 200: reviewQuestionsResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => ({
      items: await reorderReviewQuestions(
        deps,
        await sheetEditor(deps, request, request.params.slug),
        request.body.ids,
      ),
    }),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: itemParams,
        body: reviewQuestionRequest,
        ...documented({ 200: reviewQuestionRow }, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      editReviewQuestion(deps, await sheetEditor(deps, request, request.params.slug), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: itemParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]) } },
    async (request) => {
      await deleteReviewQuestion(deps, await sheetEditor(deps, request, request.params.slug), request.params.id);
      return { messageKey: 'reviewSheet.deleted', message: translate(request.language, 'reviewSheet.deleted') };
    },
  );
}
