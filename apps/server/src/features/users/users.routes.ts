import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import { usersQuery, usersResponse } from '@journals/core/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { userManager } from './users.policy';
import { activateUser, userPage } from './users.service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const userParams = slugParams.extend({ id });

/** The journal's users (spec 03 "User list", issue 22 §1): the list, and activating an account. */
export function registerUserRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['users'];

  app.get(
    '/api/journals/:slug/users',
    {
      schema: {
        tags,
        params: slugParams,
        querystring: usersQuery,
        ...documented({ 200: usersResponse }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await userManager(deps, request, request.params.slug);
      return userPage(db, journal.id, request.query);
    },
  );

  app.post(
    '/api/journals/:slug/users/:id/activate',
    { schema: { tags, params: userParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      const { journal } = await userManager(deps, request, request.params.slug);
      await activateUser(db, journal.id, request.params.id);
      return { messageKey: 'users.activated', message: translate(request.language, 'users.activated') };
    },
  );
}
