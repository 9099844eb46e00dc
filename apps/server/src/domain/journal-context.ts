import type { JournalRole } from '@journals/core/enums';
import { type Actor, type BackOfficeScreen, canSee, GUEST } from '@journals/core/rules/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { RoleRow } from '../plugins/context';
import type { Deps } from '../lib/deps';
import { journalRoles, journals } from '../db/schema';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../lib/errors';

/**
 * The journal a route names and who is asking there (their roles in it, DESIGN §3): where every journal route
 * starts, before paper access or a feature's policy.
 */

export type Journal = typeof journals.$inferSelect;

/** The journal of a slug, through the read cache (a TTL old at most). */
export async function findJournal({ db, cache }: Pick<Deps, 'db' | 'cache'>, slug: string): Promise<Journal> {
  const journal = await cache.get(`journal:${slug}`, async () => (await readJournal(db, slug)) ?? null);
  if (!journal) throw NotFoundError('errors.journalNotFound');
  return journal;
}

/**
 * The journal of a slug as the database has it now: what a cached answer about the journal is built from. An
 * unknown slug is answered from the cache (no query for a stream of them).
 */
export async function currentJournal(deps: Pick<Deps, 'db' | 'cache'>, slug: string): Promise<Journal> {
  await findJournal(deps, slug);
  const journal = await readJournal(deps.db, slug);
  if (!journal) throw NotFoundError('errors.journalNotFound');
  return journal;
}

async function readJournal(db: Database, slug: string) {
  const [row] = await db.select().from(journals).where(eq(journals.slug, slug)).limit(1);
  return row;
}

/** The roles of a user in one journal; no row means a guest there (DESIGN §3). */
export async function actorIn(db: Database, journalId: number, user: FastifyRequest['user']): Promise<Actor> {
  if (!user) return GUEST;
  const rows = await db
    .select({ role: journalRoles.role, editorType: journalRoles.editorType })
    .from(journalRoles)
    .where(and(eq(journalRoles.journalId, journalId), eq(journalRoles.userId, user.id)));
  return actorOf(user, rows);
}

function actorOf(user: NonNullable<FastifyRequest['user']>, rows: RoleRow[]): Actor {
  return {
    roles: rows.map((row) => row.role as JournalRole),
    editorType: rows.find((row) => row.role === 'editor')?.editorType ?? null,
    isPlatformAdmin: user.isPlatformAdmin,
  };
}

/**
 * The journal of the route and who is asking; the roles (and a handling editor's specializations) come with the
 * session when the route names this journal.
 */
export async function journalContext(
  deps: Pick<Deps, 'db' | 'cache'>,
  request: FastifyRequest,
  slug: string,
): Promise<{ journal: Journal; actor: Actor; handledSpecializations?: number[] }> {
  const journal = await findJournal(deps, slug);
  const known = request.rolesInRoute;
  if (request.user && known?.slug === slug) {
    const { handledSpecializations } = known;
    return { journal, actor: actorOf(request.user, known.roles), handledSpecializations };
  }
  return { journal, actor: await actorIn(deps.db, journal.id, request.user) };
}

export function requireUser(request: FastifyRequest) {
  if (!request.user) throw UnauthenticatedError();
  return request.user;
}

/** The journal of the route, the signed-in user (401 otherwise) and who they are there, as paper access reads it. */
export async function signedInCaller(deps: Pick<Deps, 'db' | 'cache'>, request: FastifyRequest, slug: string) {
  const user = requireUser(request);
  const { journal, actor, handledSpecializations } = await journalContext(deps, request, slug);
  return { journal, user, caller: { actor, userId: user.id, handledSpecializations } };
}

/**
 * The signed-in caller of a back-office screen's routes: the server's check of the drawer's rule (core `canSee`), so a
 * screen and its routes are open to the same people; anyone else signed in gets 403.
 */
export async function screenCaller(
  deps: Pick<Deps, 'db' | 'cache'>,
  request: FastifyRequest,
  slug: string,
  screen: BackOfficeScreen,
) {
  const { journal, user, caller } = await signedInCaller(deps, request, slug);
  if (!canSee(caller.actor, screen)) throw ForbiddenError();
  return { journal, user, actor: caller.actor };
}
