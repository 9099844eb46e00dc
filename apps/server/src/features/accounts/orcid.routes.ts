import { BACK_OFFICE_SCREENS } from '@journals/core/rules/permissions';
import { messageResponse, orcidRegisterRequest, registerResponse } from '@journals/core/schemas/accounts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Deps } from '../../lib/deps';
import { AppError, FieldError } from '../../lib/errors';
import { documented, redirect } from '../../lib/openapi';
import { newToken, readUnverified, sign, verifySigned } from '../../lib/tokens';
import { isSecure, setSessionCookie } from '../../plugins/context';
import { findJournal, requireUser } from '../../domain/journal-context';
import { message, registrationCheckout, type StartRegistrationPayment } from './accounts.routes';
import { createAccount } from './registration.service';
import { startSession } from './sign-in.service';
import { verifyCaptcha } from './captcha';
import {
  authorizeUrl,
  type ConnectOutcome,
  exchangeCode,
  linkOrcid,
  type OrcidIdentity,
  signInOutcome,
  unlinkOrcid,
} from './orcid.service';

const NONCE_COOKIE = 'orcid_nonce';
const STATE_TTL_SECONDS = 600;
const TICKET_TTL_SECONDS = 1800;

interface OrcidState {
  slug: string;
  nonce: string;
  /** Present when a signed-in user connects ORCID to this account from the profile, absent for a sign-in. */
  userId?: number;
}

const slugParams = z.object({ slug: z.string().min(1).max(60) });

/** Where the connect flow ends: the profile page, with its outcome (docs/decisions/0012-orcid-linking.md). */
const profilePage = (slug: string, outcome: ConnectOutcome | 'failed') =>
  `/${slug}/dashboard/${BACK_OFFICE_SCREENS.profile.path}?orcid=${outcome}`;

/** Sends the browser to ORCID with a signed state, and keeps its nonce in a cookie only the callback sees. */
function redirectToOrcid(reply: FastifyReply, config: Config, state: Omit<OrcidState, 'nonce'>) {
  const nonce = newToken();
  reply.setCookie(NONCE_COOKIE, nonce, {
    path: '/api/auth/orcid',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    maxAge: STATE_TTL_SECONDS,
  });
  return reply.redirect(
    authorizeUrl(config, sign(config.SECRET, 'orcidState', { ...state, nonce }, STATE_TTL_SECONDS)),
  );
}

/**
 * The end of the connect flow: the iD goes to the account named in the state, and only when that account is the
 * one signed in now, so a callback URL handed to someone else links nothing.
 */
async function finishConnect(deps: Deps, request: FastifyRequest, state: OrcidState, code: string) {
  if (!request.user || request.user.id !== state.userId) return profilePage(state.slug, 'failed');
  let identity: OrcidIdentity;
  try {
    identity = await exchangeCode(deps.config, code);
  } catch (error) {
    request.log.warn({ err: error }, 'ORCID code exchange failed');
    return profilePage(state.slug, 'failed');
  }
  return profilePage(state.slug, await linkOrcid(deps, request.user.id, identity.orcid));
}

/** ORCID sign-in, registration and connecting an account (spec 03 §4, DESIGN §6): the authorization-code flow. */
export function registerOrcidRoutes(
  root: FastifyInstance,
  deps: Deps,
  startRegistrationPayment: StartRegistrationPayment,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const tags = ['accounts'];

  app.get(
    '/api/journals/:slug/auth/orcid',
    { schema: { tags, params: slugParams, ...documented({ 302: redirect('To ORCID, to sign in') }, [404]) } },
    async (request, reply) => {
      const journal = await findJournal(deps, request.params.slug);
      return redirectToOrcid(reply, config, { slug: journal.slug });
    },
  );

  // A top-level navigation from the profile: a guest is sent to the journal's login rather than shown a JSON error.
  app.get(
    '/api/journals/:slug/profile/orcid/connect',
    {
      schema: {
        tags,
        params: slugParams,
        ...documented({ 302: redirect("To ORCID, or a guest to the journal's login page") }, [404]),
      },
    },
    async (request, reply) => {
      const journal = await findJournal(deps, request.params.slug);
      if (!request.user) return reply.redirect(`/${journal.slug}/?login=required`);
      return redirectToOrcid(reply, config, { slug: journal.slug, userId: request.user.id });
    },
  );

  app.delete(
    '/api/journals/:slug/profile/orcid',
    {
      preValidation: async (request) => void requireUser(request),
      schema: { tags, params: slugParams, response: { 200: messageResponse }, ...documented({}, [401, 404]) },
    },
    async (request) => {
      const user = requireUser(request);
      await findJournal(deps, request.params.slug);
      await unlinkOrcid(deps, user.id);
      return message(request.language, 'orcid.disconnected');
    },
  );

  app.get(
    '/api/auth/orcid/callback',
    {
      schema: {
        tags,
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        ...documented({ 302: redirect('To the page showing the outcome: signed in, register, connected or failed') }),
      },
    },
    async (request, reply) => {
      const state = request.query.state
        ? verifySigned<OrcidState>(config.SECRET, 'orcidState', request.query.state)
        : null;
      const nonce = request.cookies[NONCE_COOKIE];
      reply.clearCookie(NONCE_COOKIE, { path: '/api/auth/orcid' });
      const resultPage = (slug: string, query: Record<string, string>) =>
        `/${slug}/auth/orcid/login?${new URLSearchParams(query)}`;
      const failedPage = (slug: string, connecting: boolean) =>
        connecting ? profilePage(slug, 'failed') : resultPage(slug, { status: 'invalid', message: 'failed' });
      if (!state) {
        // A forged, damaged or expired state: the failure is shown on the page of the journal it names, when that
        // journal exists (the slug and the flow are only used to pick the page, nothing else of it is trusted).
        const claimed = request.query.state ? readUnverified<OrcidState>(request.query.state) : null;
        const journal =
          typeof claimed?.slug === 'string' ? await findJournal(deps, claimed.slug).catch(() => null) : null;
        return reply.redirect(journal ? failedPage(journal.slug, claimed?.userId !== undefined) : '/');
      }
      const connecting = state.userId !== undefined;
      if (!request.query.code || state.nonce !== nonce) return reply.redirect(failedPage(state.slug, connecting));
      if (connecting) return reply.redirect(await finishConnect(deps, request, state, request.query.code));
      let identity: OrcidIdentity;
      try {
        identity = await exchangeCode(config, request.query.code);
      } catch (error) {
        request.log.warn({ err: error }, 'ORCID code exchange failed');
        return reply.redirect(resultPage(state.slug, { status: 'invalid', message: 'failed' }));
      }
      const outcome = await signInOutcome(deps, identity, state.slug);
      if (outcome.kind === 'refused')
        return reply.redirect(resultPage(state.slug, { status: 'invalid', message: outcome.message }));
      if (outcome.kind === 'register') {
        const ticket = sign(
          config.SECRET,
          'orcidTicket',
          { orcid: identity.orcid, name: identity.name, email: identity.email },
          TICKET_TTL_SECONDS,
        );
        const query = new URLSearchParams({
          status: 'invalid',
          message: outcome.message,
          orcid: identity.orcid,
          name: identity.name,
          ticket,
        });
        if (identity.email) query.set('email', identity.email);
        return reply.redirect(`/${state.slug}/auth/orcid/register?${query}`);
      }
      const session = await startSession(deps, outcome.userId, request.sessionId);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.redirect(resultPage(state.slug, { status: 'valid', message: 'successLogin' }));
    },
  );

  app.post(
    '/api/journals/:slug/auth/orcid/register',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_AUTH, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: z.object({ slug: z.string().min(1).max(60) }),
        body: orcidRegisterRequest,
        response: { 201: registerResponse },
        ...documented({}, [404, 409]),
      },
    },
    async (request, reply) => {
      const journal = await findJournal(deps, request.params.slug);
      const ticket = verifySigned<OrcidIdentity>(config.SECRET, 'orcidTicket', request.body.ticket);
      if (!ticket) throw new AppError('validation', 'orcid.failed');
      await verifyCaptcha(deps.db, config, request.body.captcha);
      try {
        const { user, awaitingPayment } = await createAccount(
          deps,
          journal,
          { ...request.body, orcid: ticket.orcid },
          request.language,
        );
        const payment = awaitingPayment
          ? await registrationCheckout(startRegistrationPayment, deps, journal, user.id, request.language)
          : {};
        return reply.status(201).send({
          ...message(request.language, awaitingPayment ? 'orcid.paid' : 'orcid.registered'),
          email: user.email,
          ...payment,
        });
      } catch (error) {
        // A used e-mail has its own ORCID message (spec 03 §4) as well as the field error.
        if (error instanceof AppError && error.fieldErrors?.Email) {
          throw new AppError(
            'validation',
            'orcid.emailUsed',
            FieldError('Email', 'validation.email_taken').fieldErrors,
          );
        }
        throw error;
      }
    },
  );
}
