import { languageFromHeader } from '@journals/core/i18n/index';
import type { Language } from '@journals/core/enums';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import { and, eq, gt } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashToken, newToken } from '../lib/tokens';

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';

export type SessionUserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** The logged-in user, or null. Sessions are platform-wide; roles are per journal. */
    user: SessionUserRow | null;
    sessionId: number | null;
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
 * Reads the language, the session and the CSRF token of each request (DESIGN §6, decision 0014): the session is
 * a random token in an httpOnly cookie, stored hashed; mutating calls repeat the csrf cookie in a header.
 *
 * Both decide on the route that will run (its registered pattern), never on the spelling of the URL: the
 * router decodes `/%61pi/…` to `/api/…`, so a check on the raw URL would let that spelling through. Every
 * mutating request to a route is checked unless the route itself says `config: { csrf: false }`.
 */
export function registerRequestContext(app: FastifyInstance, db: Database, config: Config) {
  app.decorateRequest('language', 'en');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('csrfToken', '');

  let proxyWarned = false;
  app.addHook('onRequest', async (request, reply) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    if (config.TRUST_PROXY === false && !proxyWarned && request.headers['x-forwarded-for'] !== undefined) {
      // Behind a proxy every visitor would share the proxy's address, and so its rate limits.
      proxyWarned = true;
      request.log.warn('a request carries X-Forwarded-For but TRUST_PROXY is off: set it when behind a proxy');
    }
    const route = request.routeOptions.url;
    // No route matched: nothing will run but the not-found answer.
    if (route === undefined) return;
    const mutating = MUTATING.has(request.method);
    const api = route.startsWith('/api/');
    if (!api && !mutating) return;

    let csrf = request.cookies[CSRF_COOKIE];
    if (!csrf) {
      csrf = newToken();
      reply.setCookie(CSRF_COOKIE, csrf, { path: '/', sameSite: 'lax', secure: isSecure(config), httpOnly: false });
    }
    request.csrfToken = csrf;

    if (mutating && request.routeOptions.config.csrf !== false) {
      const header = request.headers[CSRF_HEADER];
      if (
        !request.cookies[CSRF_COOKIE] ||
        typeof header !== 'string' ||
        !sameToken(header, request.cookies[CSRF_COOKIE])
      ) {
        throw new AppError('forbidden', 'errors.csrf');
      }
    }

    if (api) await readSession(request, reply, db, config);
  });
}

async function readSession(request: FastifyRequest, reply: FastifyReply, db: Database, config: Config) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.user.banned) return;
  request.user = row.user;
  request.sessionId = row.session.id;
  // Sliding expiry: extend when less than half of the lifetime is left.
  const halfLife = (TOKEN_LIFETIMES.sessionDays * 86_400_000) / 2;
  if (row.session.expiresAt.getTime() - Date.now() < halfLife) {
    const expiresAt = sessionExpiry();
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.session.id));
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
