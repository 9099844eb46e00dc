import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { MAX_ID } from '@journals/core/schemas/fields';
import { invitationCodeRequest, invitationView, pendingInvitationsResponse } from '@journals/core/schemas/invitations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { answerInvitation, openInvitation, pendingInvitations, withdrawInvitation } from './invitations.service';
import { userManager } from './users.policy';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/**
 * A journal's invitations to join it (issue 44 §3, decision 0071): the users screen's pending list, and the invited
 * person's page (the link's code in the body, never in a URL a log keeps).
 */
export function registerInvitationRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    '/api/journals/:slug/users/invitations',
    {
      schema: {
        tags,
        params: slugParams,
        ...documented({ 200: pendingInvitationsResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await userManager(deps, request, request.params.slug);
      return { items: await pendingInvitations(deps.db, journal.id) };
    },
  );

  app.delete(
    '/api/journals/:slug/users/invitations/:id',
    {
      schema: {
        tags,
        params: slugParams.extend({ id: z.coerce.number().int().min(1).max(MAX_ID) }),
        ...documented({ 200: messageResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await userManager(deps, request, request.params.slug);
      await withdrawInvitation(deps.db, journal.id, request.params.id);
      return {
        messageKey: 'users.invitation_withdrawn',
        message: translate(request.language, 'users.invitation_withdrawn'),
      };
    },
  );

  // The invited person's page reads the invitation: any signed-in account, answered only for its own.
  app.post(
    '/api/journals/:slug/invitation',
    {
      schema: {
        tags,
        params: slugParams,
        body: invitationCodeRequest,
        ...documented({ 200: invitationView }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal, user } = await signedInCaller(deps, request, request.params.slug);
      return openInvitation(deps.db, journal, user.id, request.body.code);
    },
  );

  for (const [path, answer] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/api/journals/:slug/invitation/${path}`,
      {
        schema: {
          tags,
          params: slugParams,
          body: invitationCodeRequest,
          ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => {
        const { journal, user } = await signedInCaller(deps, request, request.params.slug);
        await answerInvitation(deps.db, journal, user.id, request.body.code, answer);
        const messageKey = answer === 'accepted' ? 'users.join_accepted' : 'users.join_declined';
        const title = request.language === 'ar' ? journal.titleAr : journal.titleEn;
        return { messageKey, message: translate(request.language, messageKey, { journal: title }) };
      },
    );
  }
}
