import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import {
  journalStateRequest,
  newJournalRequest,
  newJournalResponse,
  eraseRequest,
  platformBanRequest,
  platformJournalsResponse,
  platformUsersQuery,
  platformUsersResponse,
} from '@journals/core/schemas/platform';
import { landingContentRequest, landingContentResponse } from '@journals/core/schemas/landing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WithdrawOpenInvitations } from '../../domain/journal-bans';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { createJournal, platformJournals, setJournalActive } from './platform-journals.service';
import { landingForm, saveLanding } from './landing.service';
import { eraseAccount, platformUserPage, setPlatformBan } from './platform-users.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/**
 * The platform administrator's screens (issue 22 §4), reached from the editor panel of any journal (a session is a
 * journal's): the `:slug` only says through which journal; the answers are the platform's.
 */
export function registerPlatformRoutes(
  root: FastifyInstance,
  deps: Deps,
  withdrawOpenInvitations: WithdrawOpenInvitations,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform'];

  app.get(
    '/api/journals/:slug/platform/journals',
    { schema: { tags, params: slugParams, ...documented({ 200: platformJournalsResponse }, [401, 403, 404]) } },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformJournals');
      return platformJournals(deps);
    },
  );

  app.post(
    '/api/journals/:slug/platform/journals',
    {
      schema: {
        tags,
        params: slugParams,
        body: newJournalRequest,
        ...documented({ 201: newJournalResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      await screenCaller(deps, request, request.params.slug, 'platformJournals');
      const made = await createJournal(deps, request.body);
      reply.code(201);
      const messageKey = made.invited ? 'platform.created_invited' : 'platform.created';
      return {
        ...made,
        messageKey,
        message: translate(request.language, messageKey, { slug: made.slug, email: request.body.managerEmail }),
      };
    },
  );

  app.put(
    '/api/journals/:slug/platform/journals/:id/state',
    {
      schema: {
        tags,
        params: slugParams.extend({ id }),
        body: journalStateRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformJournals');
      const { slug } = await setJournalActive(deps, request.params.id, request.body.active);
      const messageKey = request.body.active ? 'platform.switched_on' : 'platform.switched_off';
      return { messageKey, message: translate(request.language, messageKey, { slug }) };
    },
  );

  // The people of every journal and their suspension on the whole platform (decision 0052).
  app.get(
    '/api/journals/:slug/platform/users',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: platformUsersQuery,
        ...documented({ 200: platformUsersResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformUsers');
      return platformUserPage(deps.db, request.query);
    },
  );

  app.put(
    '/api/journals/:slug/platform/users/:id/ban',
    {
      schema: {
        tags,
        params: slugParams.extend({ id }),
        body: platformBanRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await screenCaller(deps, request, request.params.slug, 'platformUsers');
      const { banned } = request.body;
      const count = await setPlatformBan(deps, user.id, request.params.id, banned, withdrawOpenInvitations);
      const messageKey = banned ? 'platform.suspended_done' : 'platform.lifted_done';
      return { messageKey, message: translate(request.language, messageKey, { count }) };
    },
  );

  // Erasing a person: anonymised, their records kept (decision 0053).
  app.post(
    '/api/journals/:slug/platform/users/:id/erase',
    {
      schema: {
        tags,
        params: slugParams.extend({ id }),
        body: eraseRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await screenCaller(deps, request, request.params.slug, 'platformUsers');
      await eraseAccount(deps, user.id, request.params.id, request.body.email, withdrawOpenInvitations);
      return { messageKey: 'platform.erased_done', message: translate(request.language, 'platform.erased_done') };
    },
  );

  // The landing page's content (decision 0054).
  app.get(
    '/api/journals/:slug/platform/landing',
    { schema: { tags, params: slugParams, ...documented({ 200: landingContentResponse }, [401, 403, 404]) } },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformLanding');
      return landingForm(deps);
    },
  );

  app.put(
    '/api/journals/:slug/platform/landing',
    {
      schema: {
        tags,
        params: slugParams,
        body: landingContentRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await screenCaller(deps, request, request.params.slug, 'platformLanding');
      await saveLanding(deps, request.body);
      return { messageKey: 'landing.saved', message: translate(request.language, 'landing.saved') };
    },
  );
}
