import formbody from '@fastify/formbody';
import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import {
  bulkMailBudget as bulkMailBudgetSchema,
  bulkMailRequest,
  bulkMailResponse,
  unsubscribeRequest,
  unsubscribeView,
} from '@journals/core/schemas/bulk-mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findJournal, screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { bulkMailBudget } from './bulk-mail-budget';
import { sendBulkMail, unsubscribe, unsubscribeTarget } from './bulk-mail.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/** "Send an e-mail message" (issue 22 §3), and the one-click unsubscribe its messages carry (RFC 8058). */
export function registerBulkMailRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];

  app.post(
    '/api/journals/:slug/bulk-mail',
    {
      schema: {
        tags,
        params: slugParams,
        body: bulkMailRequest,
        // 429: past the journal's bulk mail budget (decision 0073).
        ...documented({ 200: bulkMailResponse }, [400, 401, 403, 404, 429]),
      },
    },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'sendMail');
      const { sent, leftOut, budget } = await sendBulkMail(deps, journal, request.body);
      const messageKey = leftOut > 0 ? 'bulkMail.sent_left_out' : 'bulkMail.sent';
      return {
        sent,
        leftOut,
        budget,
        messageKey,
        message: translate(request.language, messageKey, { count: sent, leftOut }),
      };
    },
  );

  // What is left of the journal's bulk mail budget, for the screen (decision 0073).
  app.get(
    '/api/journals/:slug/bulk-mail/budget',
    { schema: { tags, params: slugParams, ...documented({ 200: bulkMailBudgetSchema }, [401, 403, 404]) } },
    async (request) => {
      const { journal } = await screenCaller(deps, request, request.params.slug, 'sendMail');
      return bulkMailBudget(deps.db, journal.id);
    },
  );

  // Whom a link unsubscribes: the page asks before doing it (a link scanner's GET must not unsubscribe anyone).
  app.get(
    '/api/journals/:slug/unsubscribe',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: unsubscribeRequest,
        ...documented({ 200: unsubscribeView }, [400, 404]),
      },
    },
    async (request) => unsubscribeTarget(deps, await findJournal(deps, request.params.slug), request.query.token),
  );

  // The unsubscribe itself: from the page (JSON), or from a mail program's one-click POST (RFC 8058: a form body
  // "List-Unsubscribe=One-Click" to the header's address, the token in its query). A mail program holds no session,
  // so there is no CSRF token to ask for; the signed token is the proof. Form bodies are parsed for this route only.
  root.register(async (scope) => {
    await scope.register(formbody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/journals/:slug/unsubscribe',
      {
        config: { csrf: false },
        schema: {
          tags,
          params: slugParams,
          querystring: unsubscribeRequest.partial(),
          body: z
            .object({ token: z.string().min(1).max(2_000).optional() })
            .passthrough()
            .optional(),
          ...documented({ 200: messageResponse }, [400, 404]),
        },
      },
      async (request) => {
        const journal = await findJournal(deps, request.params.slug);
        await unsubscribe(deps, journal, request.query.token ?? request.body?.token ?? '');
        return {
          messageKey: 'bulkMail.unsubscribed',
          message: translate(request.language, 'bulkMail.unsubscribed', {
            journal: request.language === 'ar' ? journal.titleAr : journal.titleEn,
          }),
        };
      },
    );
  });
}
