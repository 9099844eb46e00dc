import { canSee } from '@journals/core/rules/permissions';
import type { FastifyRequest } from 'fastify';
import { signedInCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { ForbiddenError } from '../../lib/errors';

/**
 * Who manages the journal's users (issue 22 §1, §5): the journal's editors with the editor panel, as the drawer's
 * users screen (core `canSee(actor, 'users')`); anyone else signed in gets 403.
 */
export async function userManager(deps: Pick<Deps, 'db' | 'cache'>, request: FastifyRequest, slug: string) {
  const { journal, user, caller } = await signedInCaller(deps, request, slug);
  if (!canSee(caller.actor, 'users')) throw ForbiddenError();
  return { journal, user, actor: caller.actor };
}
