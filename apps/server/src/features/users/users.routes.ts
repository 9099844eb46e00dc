import { translate } from '@journals/core/i18n/index';
import { messageResponse } from '@journals/core/schemas/accounts';
import { id } from '@journals/core/schemas/fields';
import { mayEditRoles } from '@journals/core/rules/permissions';
import {
  editUserRequest,
  newUserRequest,
  newUserResponse,
  openReview,
  rolesRequest,
  userDetailsResponse,
  userRolesResponse,
  usersQuery,
  usersResponse,
} from '@journals/core/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { documented } from '../../lib/openapi';
import { userManager } from './users.policy';
import { ForbiddenError } from '../../lib/errors';
import { activateUser, openReviews, removeFromJournal, setRoles, userPage, userRoles } from './users.service';
import { addUser } from './add-user.service';
import { banFromJournal, unbanFromJournal } from './ban.service';
import type { WithdrawOpenInvitations } from '../../domain/journal-bans';
import { editUser, userDetails } from './edit-user.service';
import { registerInvitationRoutes } from './invitations.routes';

const slugParams = z.object({ slug: z.string().min(1).max(60) });
const userParams = slugParams.extend({ id });

/**
 * The journal's users (spec 03 "User list", issue 22 §1): the list, activation, adding, editing and removing people,
 * their roles, and the journal's ban (reviewing's withdrawal of open invitations passed in by app.ts).
 */
export function registerUserRoutes(
  root: FastifyInstance,
  deps: Deps,
  withdrawOpenInvitations: WithdrawOpenInvitations,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['users'];
  registerInvitationRoutes(root, deps);

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

  // Add new user (spec 03, issue 22 §1): the journal manager's act, as setting roles is.
  app.post(
    '/api/journals/:slug/users',
    {
      schema: {
        tags,
        params: slugParams,
        body: newUserRequest,
        ...documented({ 201: newUserResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { journal, actor, user } = await userManager(deps, request, request.params.slug);
      if (!mayEditRoles(actor)) throw ForbiddenError();
      await addUser(deps, journal, user.id, request.body);
      // The same answer whether or not the address had an account (decision 0071).
      reply.code(201);
      return {
        messageKey: 'users.invited',
        message: translate(request.language, 'users.invited', { email: request.body.email }),
      };
    },
  );

  // Edit user (spec 03, issue 22 §1): the panel reads a person; only the journal manager saves (as roles).
  app.get(
    '/api/journals/:slug/users/:id',
    { schema: { tags, params: userParams, ...documented({ 200: userDetailsResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      const { journal, actor } = await userManager(deps, request, request.params.slug);
      return userDetails(db, journal.id, actor, request.params.id);
    },
  );

  app.put(
    '/api/journals/:slug/users/:id',
    {
      schema: {
        tags,
        params: userParams,
        body: editUserRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal, actor } = await userManager(deps, request, request.params.slug);
      if (!mayEditRoles(actor)) throw ForbiddenError();
      await editUser(deps, journal.id, actor, request.params.id, request.body);
      return { messageKey: 'users.saved', message: translate(request.language, 'users.saved') };
    },
  );

  app.delete(
    '/api/journals/:slug/users/:id',
    { schema: { tags, params: userParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]) } },
    async (request) => {
      const { journal, actor } = await userManager(deps, request, request.params.slug);
      if (!mayEditRoles(actor)) throw ForbiddenError();
      await removeFromJournal(db, journal.id, request.params.id);
      return { messageKey: 'users.removed', message: translate(request.language, 'users.removed') };
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

  // The journal's ban (issue 22 §1, decision 0040): the journal manager's act, as roles are.
  app.post(
    '/api/journals/:slug/users/:id/ban',
    { schema: { tags, params: userParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]) } },
    async (request) => {
      const { journal, actor, user } = await userManager(deps, request, request.params.slug);
      if (!mayEditRoles(actor)) throw ForbiddenError();
      const count = await banFromJournal(deps, journal, user.id, request.params.id, withdrawOpenInvitations);
      return { messageKey: 'users.banned', message: translate(request.language, 'users.banned', { count }) };
    },
  );

  app.delete(
    '/api/journals/:slug/users/:id/ban',
    { schema: { tags, params: userParams, ...documented({ 200: messageResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      const { journal, actor } = await userManager(deps, request, request.params.slug);
      if (!mayEditRoles(actor)) throw ForbiddenError();
      await unbanFromJournal(db, journal.id, request.params.id);
      return { messageKey: 'users.unbanned', message: translate(request.language, 'users.unbanned') };
    },
  );

  // The roles dialog (spec 03 "Roles dialog"): the panel reads a person's roles; only the journal manager sets them.
  app.get(
    '/api/journals/:slug/users/:id/roles',
    { schema: { tags, params: userParams, ...documented({ 200: userRolesResponse }, [400, 401, 403, 404]) } },
    async (request) => {
      const { journal } = await userManager(deps, request, request.params.slug);
      return userRoles(db, journal.id, request.params.id);
    },
  );

  app.put(
    '/api/journals/:slug/users/:id/roles',
    {
      schema: {
        tags,
        params: userParams,
        body: rolesRequest,
        ...documented({ 200: messageResponse }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { journal, actor } = await userManager(deps, request, request.params.slug);
      if (!mayEditRoles(actor)) throw ForbiddenError();
      await setRoles(db, journal.id, request.params.id, request.body);
      return { messageKey: 'users.roles_saved', message: translate(request.language, 'users.roles_saved') };
    },
  );

  // Why the reviewer role cannot go yet: the reviews the person still owes here (the reviewer-removal dialog).
  app.get(
    '/api/journals/:slug/users/:id/open-reviews',
    {
      schema: {
        tags,
        params: userParams,
        ...documented({ 200: z.object({ items: z.array(openReview) }) }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { journal } = await userManager(deps, request, request.params.slug);
      await userRoles(db, journal.id, request.params.id);
      return { items: await openReviews(db, journal.id, request.params.id) };
    },
  );
}
