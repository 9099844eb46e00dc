import { languageFromHeader } from '@journals/core/i18n/index';
import type { Language } from '@journals/core/enums';
import { TOKEN_LIFETIMES } from '@journals/core/limits';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes a browser reaches by a top-level navigation or a third party calls (the ORCID redirect, a payment
 * gateway's signed callback): no CSRF header there.
 */
const CSRF_EXEMPT = [/^\/api\/auth\/orcid\/callback/, /^\/api\/payments\/callback\//];

/**
 * Reads the language, the session and the CSRF token of each request (DESIGN §6): the session is a random
 * token in an httpOnly cookie, stored hashed; mutating calls repeat the csrf cookie in a header.
 */
export function registerRequestContext(app: FastifyInstance, db: Database, config: Config) {
  app.decorateRequest('language', 'en');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    if (!request.url.startsWith('/api/')) return;

    let csrf = request.cookies[CSRF_COOKIE];
    if (!csrf) {
      csrf = newToken();
      reply.setCookie(CSRF_COOKIE, csrf, { path: '/', sameSite: 'lax', secure: isSecure(config), httpOnly: false });
    }
    request.csrfToken = csrf;

    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      if (row && !row.user.banned) {
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
    }

    if (MUTATING.has(request.method) && !CSRF_EXEMPT.some((pattern) => pattern.test(request.url))) {
      if (request.headers[CSRF_HEADER] !== request.cookies[CSRF_COOKIE] || !request.cookies[CSRF_COOKIE]) {
        throw new AppError('forbidden', 'errors.csrf');
      }
    }
  });
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
