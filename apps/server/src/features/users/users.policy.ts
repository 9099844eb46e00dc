import type { FastifyRequest } from 'fastify';
import { screenCaller } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';

/**
 * Who manages the journal's users (issue 22 §1, §5): the journal's editors with the editor panel, as the drawer's
 * users screen (core `canSee(actor, 'users')`); anyone else signed in gets 403.
 */
export const userManager = (deps: Pick<Deps, 'db' | 'cache'>, request: FastifyRequest, slug: string) =>
  screenCaller(deps, request, slug, 'users');
