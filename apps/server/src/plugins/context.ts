import { languageFromHeader } from '@journals/core/i18n/index';
import type { Language } from '@journals/core/enums';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import { and, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { journalBans, journalRoles, journals, roleSpecializations, sessions, users } from '../db/schema';
import { AppError } from '../lib/errors';
import type { HeardCache } from '../lib/heard-cache';
import { hashToken, newToken } from '../lib/tokens';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The signed-in user as every request sees it: never the password hash (read where a check needs it). */
export type SessionUserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;
export type RoleRow = Pick<typeof journalRoles.$inferSelect, 'role' | 'editorType'>;

const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** The logged-in user, or null. Sessions are platform-wide; roles are per journal. */
    user: SessionUserRow | null;
    sessionId: number | null;
    /**
     * The user's roles in the journal of the route's `:slug`, and the specializations they handle as a handling
     * editor, read with the session; null without either.
     */
    rolesInRoute: { slug: string; roles: RoleRow[]; handledSpecializations: number[] } | null;
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /**
     * `false` only for a route a third party or a top-level navigation posts to (a payment gateway's signed
     * callback, the gateway's own form): no CSRF header there, its own proof instead.
     */
    csrf?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A guest whose browser already holds its CSRF token: for a GET the request context has nothing to read (no
 * session) and nothing to set (the csrf cookie is there). The memory lane (lib/memory-lane.ts) answers only them.
 */
export const isKnownGuest = (cookies: Record<string, string | undefined>) =>
  Boolean(cookies[CSRF_COOKIE]) && !cookies[SESSION_COOKIE];

/**
 * Reads the language, the session and the CSRF token of each request (DESIGN §6, decision 0014): the session is
 * a random token in an httpOnly cookie, stored hashed; mutating calls repeat the csrf cookie in a header.
 *
 * Both decide on the route that will run (its registered pattern), never on the spelling of the URL: the
 * router decodes `/%61pi/…` to `/api/…`, so a check on the raw URL would let that spelling through. Every
 * mutating request to a route is checked unless the route itself says `config: { csrf: false }`.
 */
export function registerRequestContext(
  app: FastifyInstance,
  db: Database,
  config: Config,
  cache: HeardCache<SessionRow[]>,
) {
  app.decorateRequest('language', 'en');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('rolesInRoute', null);
  app.decorateRequest('csrfToken', '');

  let proxyWarned = false;
  // A callback hook, not an async one: every request passes here, and a guest's (no session cookie) needs no
  // statement, so it goes on at once rather than a promise's turn later (issue 24, the cached public answers).
  app.addHook('onRequest', (request, reply, done) => {
    // @fastify/cookie's parser, registered without a hook of its own (app.ts): one hook less on every request.
    const cookies = request.headers.cookie;
    request.cookies = cookies ? app.parseCookie(cookies) : {};
    request.language = languageFromHeader(request.headers['accept-language']);
    if (config.TRUST_PROXY === false && !proxyWarned && request.headers['x-forwarded-for'] !== undefined) {
      // Behind a proxy every visitor would share the proxy's address, and so its rate limits.
      proxyWarned = true;
      request.log.warn('a request carries X-Forwarded-For but TRUST_PROXY is off: set it when behind a proxy');
    }
    const route = request.routePattern;
    // No route matched: nothing will run but the not-found answer.
    if (!route) return done();
    const mutating = MUTATING.has(request.method);
    const api = route.startsWith('/api/');
    if (!api && !mutating) return done();

    request.csrfToken = ensureCsrfCookie(request, reply, config);

    if (mutating && request.routeOptions.config.csrf !== false) {
      const header = request.headers[CSRF_HEADER];
      if (
        !request.cookies[CSRF_COOKIE] ||
        typeof header !== 'string' ||
        !sameToken(header, request.cookies[CSRF_COOKIE])
      ) {
        return done(new AppError('forbidden', 'errors.csrf'));
      }
    }

    if (!api || !request.cookies[SESSION_COOKIE]) return done();
    readSession(request, reply, db, config, cache).then(() => done(), done);
  });
}

/**
 * The session read every request with a cookie makes, as prepared statements (one for routes naming a journal,
 * one for the rest): the database plans this five-table join once per connection, not on every request, where
 * planning cost more than running it.
 */
function sessionQueries(db: Database) {
  const read = (journal: SQL) =>
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        user: sessionUserColumns,
        role: journalRoles.role,
        editorType: journalRoles.editorType,
        // Only on the handling-editor row: what a paper's access rule needs (domain/paper-access.ts).
        handled: sql<number[] | null>`case when ${journalRoles.role} = 'handlingEditor' then array(
          select ${roleSpecializations.specializationId} from ${roleSpecializations}
          where ${roleSpecializations.userId} = ${users.id} and ${roleSpecializations.role} = 'handlingEditor') end`,
        // The route's journal has banned the user (decision 0040): the session reads as signed out there.
        bannedHere: sql<boolean>`exists(select 1 from ${journalBans}
          where ${journalBans.journalId} = ${journals.id} and ${journalBans.userId} = ${users.id})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(journals, journal)
      .leftJoin(journalRoles, and(eq(journalRoles.userId, users.id), eq(journalRoles.journalId, journals.id)))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))));
  return {
    inJournal: read(eq(journals.slug, sql.placeholder('slug'))).prepare('session_in_journal'),
    alone: read(sql`false`).prepare('session_alone'),
  };
}
const preparedSessionQueries = new WeakMap<Database, ReturnType<typeof sessionQueries>>();
/** The rows of one session read: the session and its user, once per role the user holds in the route's journal. */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQueries>['alone']['execute']>>[number];

/**
 * One statement finds the session, its user and the user's roles in the journal the route names (`:slug`), so a
 * journal-scoped request needs no second read to know who is asking (journal-context.ts); the process remembers
 * the answer until the database announces a change to any of it (lib/heard-cache.ts, decision 0019), so most
 * signed-in requests need no statement at all.
 */
async function readSession(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  config: Config,
  cache: HeardCache<SessionRow[]>,
) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const slug = (request.params as { slug?: unknown } | undefined)?.slug;
  let queries = preparedSessionQueries.get(db);
  if (!queries) preparedSessionQueries.set(db, (queries = sessionQueries(db)));
  const tokenHash = hashToken(token);
  const inJournal = typeof slug === 'string';
  const rows = await cache.read(inJournal ? `${tokenHash} ${slug}` : tokenHash, async () => {
    // Any session not expired now; whether it is still unexpired is checked on every use below.
    const values = { tokenHash, now: new Date() };
    const found = inJournal
      ? await queries.inJournal.execute({ ...values, slug })
      : await queries.alone.execute(values);
    return found.length > 0 ? found : undefined;
  });
  const row = rows?.[0];
  if (!row || row.user.banned || row.bannedHere || row.expiresAt.getTime() <= Date.now()) return;
  request.user = row.user;
  request.sessionId = row.sessionId;
  if (inJournal) {
    const roles = rows.flatMap(({ role, editorType }) => (role ? [{ role, editorType }] : []));
    const handledSpecializations = rows.flatMap((row) => row.handled ?? []).map(Number);
    request.rolesInRoute = { slug, roles, handledSpecializations };
  }
  // Sliding expiry: extend when less than half of the lifetime is left.
  const halfLife = (TOKEN_LIFETIMES.sessionDays * 86_400_000) / 2;
  if (row.expiresAt.getTime() - Date.now() < halfLife) {
    const expiresAt = sessionExpiry();
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.sessionId));
    setSessionCookie(reply, config, token, expiresAt);
  }
}

/** Compares two tokens in constant time. */
function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const isSecure = (config: Config) => config.PUBLIC_URL.startsWith('https://');

export function sessionExpiry(): Date {
  return new Date(Date.now() + TOKEN_LIFETIMES.sessionDays * 86_400_000);
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    expires: expiresAt,
  });
}

/**
 * The request's CSRF token: its cookie's, or a new one set on the answer. The pages of the web app set it too
 * (app.ts): their first HTML carries the answers the first screen shows, so the first API call may be a POST, and
 * two first calls racing would otherwise each get a token of their own, the later cookie not the one the POST sent.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  let csrf = request.cookies[CSRF_COOKIE];
  if (!csrf) {
    csrf = newToken();
    reply.setCookie(CSRF_COOKIE, csrf, csrfCookieOptions(config));
  }
  return csrf;
}

/** The csrf cookie's attributes: readable by the page's script, which repeats it in a header (DESIGN §6). */
export const csrfCookieOptions = (config: Config) =>
  ({ path: '/', sameSite: 'lax', secure: isSecure(config), httpOnly: false }) as const;

/** A first visitor: no csrf cookie yet and no session (the memory lane gives them the cookie with its answer). */
export const isFirstVisit = (cookies: Record<string, string | undefined>) =>
  !cookies[CSRF_COOKIE] && !cookies[SESSION_COOKIE];
